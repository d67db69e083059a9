import type { Submission } from "@conform-to/dom";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import * as z from "zod/mini";
import { formatPhone } from "~/lib/format";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import { iccidRegistrationEligibility } from "~/features/line/line";
import { fullIccid, getLineProfile } from "~/upstream/core/line.server";
import { UpstreamRefusal } from "~/upstream/core/results.server";
import type { UpstreamError } from "~/upstream/http.server";
import { checkRegistrationCode, completeRegistration, sendRegistrationCode } from "~/upstream/sso.server";
import { codeSchema, completeRegistrationSchema, registerStartSchema } from "#schemas/forms/auth";
import { ICCID_TYPED_LENGTH, profileOf, type LineProfile } from "#schemas/forms/fields";
import { registrationFlow, type RegistrationState } from "./flow.server";
import { invalid, refused, type FormAnswer } from "~/lib/form-answer.server";
import { codeAlreadySent, rateLimiter, sendRefused, tooManyAttempts, type Attempt, type SendState } from "~/lib/rate-limit.server";
import { translate } from "~/lib/i18n/i18n.server";
import { redirectWithNotice, takeNotice } from "~/lib/notice.server";
import { COMPLETE_REGISTRATION_PATH, loginUrl, recoveryExistUrl, REGISTER_PATH, registerUrl } from "./urls";

/**
 * Registration (docs/accounts.md "Register screen", "Complete-registration screen"; spec §4 Registration;
 * §5; §8 Register): step 0 on /registro?type= (the line), step 1 on ?verification=1 (the code,
 * or the lockout countdown), then /completar-registro. Between steps the state lives in the
 * registration flow cookie (flow.server.ts), which is dropped when the customer leaves those
 * pages. Every step is a plain POST answered with a 303 redirect, so it works without
 * JavaScript; the only script-only part is the live ICCID check, which the action repeats.
 */

/** What the account forms of this flow answer besides conform's result. */
export type RegistrationAnswer = FormAnswer & {
  /** Which form on the page answered (step 1 has the code form and the resend form). */
  form?: "resend";
  /** Where to start over when the verification is no longer valid. */
  restart?: string;
};

/** The answer of GET /api/iccid (and of the action's own check). */
export type IccidCheckAnswer = { iccid: string; serviceNumber: string; ok: boolean; message?: string };

const NO_STORE = { "Cache-Control": "private, no-store" } as const;


const seeOther = (to: string, cookies: string[] = []) => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { status: 303, headers });
};

/** The number limits count by: the service number of a home or portable line, else the Bait number. */
const lineKey = (state: Pick<RegistrationState, "phone" | "serviceNumber">) => state.serviceNumber ?? state.phone;

/** Whole seconds until `lockedUntil`, 0 when it has passed. */
export function lockSeconds(lockedUntil: string | undefined, now = Date.now()): number {
  const until = lockedUntil ? Date.parse(lockedUntil) : Number.NaN;
  return Number.isNaN(until) ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** A refusal the customer caused (a wrong code, a refused line) counts towards the limit; an outage does not. */
const countsAsFailure = (error: UpstreamError) => error instanceof UpstreamRefusal || error.kind === "http";

const limitRefusal = (submission: Submission<unknown>, retryAfterSeconds: number) =>
  refused(submission, tooManyAttempts({ allowed: false, retryAfterSeconds }) as { key: string; values: Record<string, unknown> }, 429, {
    "Retry-After": String(retryAfterSeconds),
  });

/**
 * The send limits (docs/accounts.md "Limits on sending codes"): counted before the upstream is
 * asked for a code, whatever it then answers; null when the code may be sent.
 */
async function sendLimit(line: Pick<RegistrationState, "phone" | "serviceNumber">, context: AppLoadContext) {
  const limit = await rateLimiter.send({ action: "register", number: lineKey(line), ip: context.clientIp });
  return limit.allowed ? null : limit;
}
const retryAfter = (limit: Extract<SendState, { allowed: false }>) => ({ "Retry-After": String(limit.retryAfterSeconds) });

/** A refusal's text: the upstream's own message for a business "no", our catalogue's otherwise. */
function refusalMessage(error: UpstreamError, key = error.messageKey) {
  return { key, upstreamText: error instanceof UpstreamRefusal ? error.upstreamMessage : undefined };
}

// ---------------------------------------------------------------------------------------------
// ICCID (home and portable internet)

/**
 * Whether the 13 typed ICCID digits are the SIM of the service number typed (docs/accounts.md): the SIM
 * (895214 + digits) must be an active service of the profile being registered and its number
 * must be that service number. The message is already in Spanish: its keys come from several
 * catalogues, not all of which the page ships.
 */
export async function checkIccid(input: { iccid: string; serviceNumber?: string; profile: "hbb" | "mifi" }): Promise<{ ok: true } | { ok: false; message: string; countsAsFailure: boolean }> {
  const result = await getLineProfile({ type: "iccid", identifier: fullIccid(input.iccid) });
  if (!result.ok) return { ok: false, message: translate(result.error.messageKey), countsAsFailure: countsAsFailure(result.error) };
  const eligible = iccidRegistrationEligibility(result.data, input.profile);
  if (!eligible.ok) return { ok: false, message: translate(eligible.messageKey), countsAsFailure: true };
  if (input.serviceNumber && result.data.number !== input.serviceNumber) {
    return { ok: false, message: translate("auth:register.iccidServiceMismatch"), countsAsFailure: true };
  }
  return { ok: true };
}

const iccidQuery = z.object({
  iccid: z.string().check(z.regex(new RegExp(`^\\d{${ICCID_TYPED_LENGTH}}$`))),
  serviceNumber: z.optional(z.string().check(z.regex(/^(\d{10})?$/))),
  type: z.enum(["hbb", "mifi"]),
});

/** GET /api/iccid?iccid=&serviceNumber=&type=: the live check of the ICCID field, limited per IP. */
export async function iccidCheckResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const raw = {
    iccid: (params.get("iccid") ?? "").replace(/\s+/g, ""),
    serviceNumber: (params.get("serviceNumber") ?? "").replace(/\s+/g, ""),
    type: params.get("type") ?? "",
  };
  // What was asked about comes back as digits only: an API never echoes what it refused.
  const digits = (text: string) => text.replace(/\D+/g, "").slice(0, 19);
  const answer = (body: Omit<IccidCheckAnswer, "iccid" | "serviceNumber">, status = 200, headers: Record<string, string> = {}) =>
    Response.json({ iccid: digits(raw.iccid), serviceNumber: digits(raw.serviceNumber), ...body } satisfies IccidCheckAnswer, { status, headers: { ...NO_STORE, ...headers } });

  const query = iccidQuery.safeParse(raw);
  if (!query.success) return answer({ ok: false, message: translate("auth:register.iccidDigits") }, 400);

  const attempt: Attempt = { action: "iccid", ip: context.clientIp };
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) {
    const { key, values } = tooManyAttempts(limit);
    return answer({ ok: false, message: translate(key, values) }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const result = await checkIccid({ iccid: query.data.iccid, serviceNumber: query.data.serviceNumber || undefined, profile: query.data.type });
  // Only a failure keeps its reservation.
  if (result.ok || !result.countsAsFailure) await rateLimiter.forgive(attempt);
  if (result.ok) return answer({ ok: true });
  return answer({ ok: false, message: result.message });
}

// ---------------------------------------------------------------------------------------------
// /registro

export type RegisterView = { step: "start" } | { step: "code"; phone: string } | { step: "locked"; seconds: number };

/**
 * The page of /registro: step 0, or with ?verification=1 the code (or the lockout while one
 * runs). Step 1 without a flow for this line type goes back to step 0. A notice flashed for
 * this page (the recovery's "register first", a code sent again) is shown once.
 *
 * Step 0 without a notice is the same page for every visitor: it answers `publicCacheControl`
 * (the route's, public like a config page), private when none is given. The code step names the
 * person's number and is always private.
 */
export async function registerPage(request: Request, { publicCacheControl = NO_STORE["Cache-Control"] }: { publicCacheControl?: string } = {}) {
  const url = new URL(request.url);
  const profile = profileOf(url.searchParams.get("type"));
  const { notice, values: noticeValues, headers } = await takeNotice(request);
  let view: RegisterView = { step: "start" };
  if (url.searchParams.get("verification") === "1") {
    const state = await registrationFlow.read(request);
    if (!state || state.profile !== profile) throw redirect(registerUrl(profile));
    view = state.lockedUntil ? { step: "locked", seconds: lockSeconds(state.lockedUntil) } : { step: "code", phone: formatPhone(state.phone).replaceAll(" ", "\u00a0") };
  }
  const shared = view.step === "start" && notice === null;
  return { profile, view, notice, noticeValues, headers: { ...headers, "Cache-Control": shared ? publicCacheControl : NO_STORE["Cache-Control"] } as Record<string, string> };
}

/** The POSTs of /registro: step 0 (no intent), the code ("verify") and a new code ("resend"). */
export async function registerAction(request: Request, context: AppLoadContext) {
  const profile = profileOf(new URL(request.url).searchParams.get("type"));
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "verify":
      return verifyCode(request, context, profile, formData);
    case "resend":
      return resendCode(request, context, profile, formData);
    default:
      return startRegistration(request, context, profile, formData);
  }
}

/** Step 0: checks the line (and the SIM of a home or portable line), then sends the code. */
async function startRegistration(request: Request, context: AppLoadContext, profile: LineProfile, formData: FormData) {
  const submission = parseWithZod(formData, { schema: registerStartSchema(profile) });
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  const line: RegistrationState =
    "number" in value ? { profile, phone: value.number } : { profile, phone: value.phone, serviceNumber: value.serviceNumber, email: value.email };

  const attempt: Attempt = { action: "register", number: lineKey(line), ip: context.clientIp };
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) return limitRefusal(submission, limit.retryAfterSeconds);

  // What counts here is a failed ICCID check: every other outcome gives the reservation back.
  const iccid = "iccid" in value && profile !== "mbb" ? await checkIccid({ iccid: value.iccid, serviceNumber: value.serviceNumber, profile }) : null;
  if (!iccid || iccid.ok || !iccid.countsAsFailure) await rateLimiter.forgive(attempt);
  if (iccid && !iccid.ok) {
    return data<RegistrationAnswer>({ result: submission.reply({ fieldErrors: { iccid: [iccid.message] }, hideFields: [...SECRET_FIELDS] }) }, { status: 400 });
  }

  const overSendLimit = await sendLimit(line, context);
  const alreadySent = overSendLimit && codeAlreadySent(overSendLimit);
  if (alreadySent) {
    // A code of the registration is on its way to this line (asked moments ago, perhaps in
    // another tab): nothing is sent, and the code step takes the one the person holds.
    return redirectWithNotice(request, registerUrl(profile, "code"), alreadySent, [await registrationFlow.save(request, line)]);
  }
  if (overSendLimit) return refused(submission, sendRefused(overSendLimit), 429, retryAfter(overSendLimit));
  const sent = await sendRegistrationCode({ baitNumber: line.phone, serviceNumber: line.serviceNumber, email: line.email });
  if (sent.ok) {
    await rateLimiter.sent({ action: "register", number: lineKey(line) });
    return seeOther(registerUrl(profile, "code"), [await registrationFlow.save(request, line)]);
  }
  const error = sent.error;
  if (error instanceof UpstreamRefusal && error.reason === "locked") {
    return seeOther(registerUrl(profile, "code"), [await registrationFlow.save(request, { ...line, lockedUntil: error.unlockDate })]);
  }
  // A number that is not Bait (or not of this line type) has this screen's own message.
  if (error.status === 412) return refused(submission, { key: `auth:register.notBait.${profile}` });
  return refused(submission, refusalMessage(error), error instanceof UpstreamRefusal ? 400 : 502);
}

/** Step 1: checks the code; a right one goes to /completar-registro. */
async function verifyCode(request: Request, context: AppLoadContext, profile: LineProfile, formData: FormData) {
  const state = await registrationFlow.read(request);
  if (!state || state.profile !== profile) return seeOther(registerUrl(profile));
  if (lockSeconds(state.lockedUntil) > 0) return seeOther(registerUrl(profile, "code"));

  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") return invalid(submission);

  const attempt: Attempt = { action: "code", number: lineKey(state), ip: context.clientIp };
  // Reserved before the upstream checks the code; a wrong code keeps it.
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) return limitRefusal(submission, limit.retryAfterSeconds);

  const result = await checkRegistrationCode({ baitNumber: state.phone, serviceNumber: state.serviceNumber, code: submission.value.code });
  if (result.ok) {
    await rateLimiter.succeed(attempt);
    const verified: RegistrationState = { ...state, lockedUntil: undefined, verificationId: result.data.verificationId };
    return seeOther(COMPLETE_REGISTRATION_PATH, [await registrationFlow.save(request, verified)]);
  }
  const error = result.error;
  if (error instanceof UpstreamRefusal) {
    switch (error.reason) {
      case "alreadyRegistered":
        // The code was right: the number already has an account, which the recovery screen explains.
        await rateLimiter.succeed(attempt);
        return seeOther(recoveryExistUrl(profile), [await registrationFlow.clear(request)]);
      case "wrongCode": {
        const text = translate(error.messageKey, { attemptsRemaining: error.attemptsRemaining });
        return data<RegistrationAnswer>({ result: submission.reply({ fieldErrors: { code: [text] }, hideFields: [...SECRET_FIELDS] }) }, { status: 400 });
      }
      case "locked":
        return seeOther(registerUrl(profile, "code"), [await registrationFlow.save(request, { ...state, verificationId: undefined, lockedUntil: error.unlockDate })]);
    }
  }
  if (!countsAsFailure(error)) await rateLimiter.forgive(attempt);
  return refused(submission, refusalMessage(error), error instanceof UpstreamRefusal ? 400 : 502);
}

const noFields = z.object({});

/** 'Enviar nuevamente': a new code to the same number, also once a lockout has run out. */
async function resendCode(request: Request, context: AppLoadContext, profile: LineProfile, formData: FormData) {
  const state = await registrationFlow.read(request);
  if (!state || state.profile !== profile) return seeOther(registerUrl(profile));
  if (lockSeconds(state.lockedUntil) > 0) return seeOther(registerUrl(profile, "code"));
  const submission = parseWithZod(formData, { schema: noFields });

  const overSendLimit = await sendLimit(state, context);
  if (overSendLimit) return resendRefused(submission, sendRefused(overSendLimit), 429, retryAfter(overSendLimit));

  const sent = await sendRegistrationCode({ baitNumber: state.phone, serviceNumber: state.serviceNumber, email: state.email });
  const fresh: RegistrationState = { ...state, lockedUntil: undefined, verificationId: undefined };
  if (sent.ok) await rateLimiter.sent({ action: "register", number: lineKey(state) });
  if (sent.ok) return redirectWithNotice(request, registerUrl(profile, "code"), "auth:code.resent", [await registrationFlow.save(request, fresh)]);
  const error = sent.error;
  if (error instanceof UpstreamRefusal && error.reason === "locked") {
    return seeOther(registerUrl(profile, "code"), [await registrationFlow.save(request, { ...fresh, lockedUntil: error.unlockDate })]);
  }
  return resendRefused(submission, refusalMessage(error), error instanceof UpstreamRefusal ? 400 : 502);
}

/** A refusal of the resend form, marked so that the code form does not take it as its own result. */
function resendRefused(submission: Submission<unknown>, message: { key: string; values?: Record<string, unknown>; upstreamText?: string }, status: number, headers?: HeadersInit) {
  const text = message.upstreamText || translate(message.key, message.values);
  return data<RegistrationAnswer>({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }), message: { tone: "error", text }, form: "resend" }, { status, headers });
}

// ---------------------------------------------------------------------------------------------
// /completar-registro

/** '¡Teléfono Verificado!' needs a verified code; without one the customer starts at /registro. */
export async function completePage(request: Request) {
  const state = await registrationFlow.read(request);
  if (!state?.verificationId) throw redirect(state ? registerUrl(state.profile) : REGISTER_PATH);
  return { profile: state.profile, email: state.email ?? "", headers: NO_STORE };
}

/** Creates the account; success goes to /login?type= with the "registered" notice. */
export async function completeAction(request: Request) {
  const state = await registrationFlow.read(request);
  if (!state?.verificationId) return seeOther(state ? registerUrl(state.profile) : REGISTER_PATH);
  const submission = parseWithZod(await readForm(request), { schema: completeRegistrationSchema });
  if (submission.status !== "success") return invalid(submission);

  const form = submission.value;
  const result = await completeRegistration({
    baitNumber: state.phone,
    serviceNumber: state.serviceNumber,
    name: form.name,
    email: form.email,
    password: form.password,
    passwordConfirmation: form.passwordConfirmation,
    allowNotifications: form.promotions,
    verificationId: state.verificationId,
  });
  if (result.ok) {
    return redirectWithNotice(request, loginUrl(state.profile), "auth:login.registered", [await registrationFlow.clear(request)]);
  }
  const error = result.error;
  if (error instanceof UpstreamRefusal && error.reason === "alreadyRegistered") {
    return seeOther(recoveryExistUrl(state.profile), [await registrationFlow.clear(request)]);
  }
  if (error.status === 401) {
    // The verification expired upstream: the flow is over, the customer asks for a new code.
    return data<RegistrationAnswer>(
      {
        result: submission.reply({ hideFields: [...SECRET_FIELDS] }),
        message: { tone: "error", text: translate("auth:completeRegistration.expired") },
        restart: registerUrl(state.profile),
      },
      { status: 401, headers: { "Set-Cookie": await registrationFlow.clear(request) } },
    );
  }
  return refused(submission, refusalMessage(error), error instanceof UpstreamRefusal ? 400 : 502);
}
