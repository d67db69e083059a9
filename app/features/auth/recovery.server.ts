import type { Submission } from "@conform-to/dom";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import * as z from "zod/mini";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { formatPhone } from "~/lib/format";
import { resetPassword, startRecovery, validatePin, type LineIdentity } from "~/upstream/conn/access.server";
import { codeSchema, recoveryPasswordSchema, recoveryStartSchema } from "#schemas/forms/auth";
import { profileOf, type LineProfile } from "#schemas/forms/fields";
import { recoveryFlow, type RecoveryState } from "./flow.server";
import { invalid, refused } from "~/lib/form-answer.server";
import { codeAlreadySent, rateLimiter, sendRefused, tooManyAttempts, type Attempt } from "~/lib/rate-limit.server";
import { redirectWithNotice, takeNotice } from "~/lib/notice.server";
import { endSessionsOf } from "~/lib/session.server";
import { loginUrl, recoveryUrl, registerUrl, type RecoveryStep } from "./urls";

/**
 * The password recovery (docs/accounts.md "Recovery screen", spec §4, §5, §8), in three steps kept in
 * `?verification=` (1 the line's data, 2 the code, 3 the new password) with the line type in
 * `?type=`. What a step needs from the one before (which line, where the code went, a lockout,
 * the uuid of the validated code) travels in the signed recovery flow cookie, never in the URL:
 * a step opened without it goes back to where the customer can get it.
 *
 * Every form is a real POST that ends in a 303 redirect when it succeeds, so the flow works
 * without JavaScript; refusals answer the form again (`FormAnswer`).
 */

export function stepOf(value: string | null): RecoveryStep {
  return value === "2" ? 2 : value === "3" ? 3 : 1;
}

/** The line as the upstream wants it: the Bait number (mbb), or service number and contact phone. */
export function lineOf(state: Pick<RecoveryState, "profile" | "phone" | "serviceNumber">): LineIdentity {
  if (state.profile === "mbb" || !state.serviceNumber) return { profile: "mbb", number: state.phone };
  return { profile: state.profile, serviceNumber: state.serviceNumber, phone: state.phone };
}

/** The number the attempt limits count against: the line itself (service number for hbb/mifi). */
const limitKey = (state: Pick<RecoveryState, "phone" | "serviceNumber">) => state.serviceNumber ?? state.phone;

/** Seconds left of a lockout, 0 once it is over. */
export function secondsUntil(iso: string, now = Date.now()): number {
  const end = Date.parse(iso);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}

const isLocked = (state: RecoveryState, now = Date.now()) => Boolean(state.lockedUntil && secondsUntil(state.lockedUntil, now) > 0);

const NO_STORE = { "Cache-Control": "private, no-store" };

/** What the page shows, step by step (the loader's answer). */
export type RecoveryView =
  | { step: 1; profile: LineProfile; exist: boolean; notice: string | null }
  | {
      step: 2;
      profile: LineProfile;
      /** Where the code went: the Bait number (mbb) or the contact phone (hbb, mifi). */
      phone: string;
      notice: string | null;
      /** Seconds left of a lockout when the line is locked (0: over, a new code may be asked for); null when not locked. */
      lockSeconds: number | null;
    }
  | { step: 3; profile: LineProfile; notice: string | null };
/** The page's answer: the step, and the values of its notice's text (empty when it has none). */
export type RecoveryPage = RecoveryView & { noticeValues?: Record<string, string | number> };

/** A 303 to another step, setting or clearing the flow cookie. */
const goTo = (to: string, cookie?: string) => redirect(to, { status: 303, headers: cookie ? { "Set-Cookie": cookie } : {} });

/**
 * The page of a step. Step 1 without a notice (`?type=`, `?exist=1`) is the same page for every
 * visitor: it answers `publicCacheControl` (the route's, public like a config page), private when
 * none is given. Steps 2 and 3 come from the flow's cookie (the person's number) and a notice is
 * one person's: always private.
 */
export async function recoveryLoader(request: Request, { publicCacheControl = NO_STORE["Cache-Control"] }: { publicCacheControl?: string } = {}) {
  const url = new URL(request.url);
  const step = stepOf(url.searchParams.get("verification"));
  const typed = profileOf(url.searchParams.get("type"));
  const { notice, values: noticeValues, headers } = await takeNotice(request);
  const answer = (view: RecoveryView, shared = false): ReturnType<typeof data<RecoveryPage>> =>
    data({ ...view, ...(Object.keys(noticeValues).length > 0 ? { noticeValues } : {}) }, { headers: { ...headers, "Cache-Control": shared && notice === null ? publicCacheControl : NO_STORE["Cache-Control"] } });

  if (step === 1) return answer({ step: 1, profile: typed, exist: url.searchParams.get("exist") === "1", notice }, true);

  const state = await recoveryFlow.read(request);
  // Without the flow's state there is no line to send a code to or to change the password of.
  if (!state) throw redirect(recoveryUrl(typed), { headers: NO_STORE });
  if (step === 3) {
    if (!state.verified || !state.uuid) throw redirect(recoveryUrl(state.profile, 2), { headers: NO_STORE });
    return answer({ step: 3, profile: state.profile, notice });
  }
  return answer({
    step: 2,
    profile: state.profile,
    /** Written "(55) 12 34 56 78" here, so the browser does not need the formatters. */
    phone: formatPhone(state.phone),
    notice,
    lockSeconds: state.lockedUntil ? secondsUntil(state.lockedUntil) : null,
  });
}

/** The form posted to any step: dispatched by `?verification=` and, on step 2, `intent`. */
export async function recoveryAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const step = stepOf(url.searchParams.get("verification"));
  const formData = await readForm(request);
  if (step === 1) return startStep(request, context, profileOf(url.searchParams.get("type")), formData);

  const state = await recoveryFlow.read(request);
  if (!state) return goTo(recoveryUrl(profileOf(url.searchParams.get("type"))));
  if (step === 3) return passwordStep(request, state, formData);
  return formData.get("intent") === "resend" ? resendCode(request, context, state, formData) : verifyCode(request, context, state, formData);
}

/** Reserves the attempt before the upstream checks it (a failure keeps it); a refusal when over the limits. */
async function limited(submission: Submission<unknown>, attempt: Attempt) {
  const limit = await rateLimiter.reserve(attempt);
  if (limit.allowed) return null;
  const { key, values } = tooManyAttempts(limit);
  return refused(submission, { key, values }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
}

/**
 * The send limits (docs/accounts.md "Limits on sending codes"): counted before the upstream is
 * asked for a code, whatever it then answers; a refusal says when another may be asked for.
 */
async function sendLimited(submission: Submission<unknown>, number: string, context: AppLoadContext) {
  const limit = await rateLimiter.send({ action: "recovery", number, ip: context.clientIp });
  if (limit.allowed) return null;
  return { reply: refused(submission, sendRefused(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) }), alreadySent: codeAlreadySent(limit) };
}

/**
 * Asks the upstream to send a code to the line, within the send limit: the reply to give when it
 * is refused (and, when this flow sent the line a code moments ago, the notice that takes the
 * person to the code step instead), else what the upstream answered.
 */
async function sendCode(submission: Submission<unknown>, line: Pick<RecoveryState, "profile" | "phone" | "serviceNumber">, context: AppLoadContext) {
  const tooMany = await sendLimited(submission, limitKey(line), context);
  if (tooMany) return { reply: tooMany.reply, alreadySent: tooMany.alreadySent, outcome: undefined };
  const result = await startRecovery(lineOf(line));
  if (!result.ok) return { reply: refused(submission, { key: result.error.messageKey }, 502), outcome: undefined };
  if (result.data.outcome === "codeSent") await rateLimiter.sent({ action: "recovery", number: limitKey(line) });
  return { reply: undefined, outcome: result.data };
}

/** Step 1: checks the data, asks the upstream to send the code, and goes to step 2. */
async function startStep(request: Request, context: AppLoadContext, profile: LineProfile, formData: FormData) {
  const submission = parseWithZod(formData, { schema: recoveryStartSchema(profile) });
  if (submission.status !== "success") return invalid(submission);

  const value = submission.value as { number?: string; serviceNumber?: string; phone?: string };
  const line: Pick<RecoveryState, "profile" | "phone" | "serviceNumber"> =
    profile === "mbb" ? { profile, phone: value.number ?? "" } : { profile, phone: value.phone ?? "", serviceNumber: value.serviceNumber ?? "" };
  const { reply, alreadySent, outcome } = await sendCode(submission, line, context);
  if (alreadySent) {
    // A code of this flow is on its way to the line (asked moments ago, perhaps in another tab):
    // nothing is sent, and the code step takes the one the person holds.
    return redirectWithNotice(request, recoveryUrl(profile, 2), alreadySent, [await recoveryFlow.save(request, { ...line, verified: false })]);
  }
  if (reply) return reply;
  switch (outcome.outcome) {
    case "codeSent": {
      const cookie = await recoveryFlow.save(request, { ...line, ...(outcome.uuid ? { uuid: outcome.uuid } : {}), verified: false });
      return goTo(recoveryUrl(profile, 2), cookie);
    }
    case "locked": {
      // 5566666666 and any line that ran out of codes: straight to the lockout's countdown.
      const cookie = await recoveryFlow.save(request, { ...line, lockedUntil: outcome.unlockDate, verified: false });
      return goTo(recoveryUrl(profile, 2), cookie);
    }
    case "notRegistered": {
      // docs/accounts.md "code 0 warns and goes to registration": the registration page shows the warning.
      return redirectWithNotice(request, registerUrl(profile), outcome.messageKey, [await recoveryFlow.clear(request)]);
    }
    case "refused":
      return refused(submission, { key: outcome.messageKey, upstreamText: outcome.upstreamMessage });
  }
}

const resendSchema = z.object({ intent: z.literal("resend") });

/** 'Enviar nuevamente': a new code to the same line; refused while a lockout lasts. */
async function resendCode(request: Request, context: AppLoadContext, state: RecoveryState, formData: FormData) {
  const here = recoveryUrl(state.profile, 2);
  if (isLocked(state)) return goTo(here);
  const submission = parseWithZod(formData, { schema: resendSchema });
  const { reply, outcome } = await sendCode(submission, state, context);
  if (reply) return reply;
  switch (outcome.outcome) {
    case "codeSent": {
      const { lockedUntil: _over, uuid: _old, ...line } = state;
      const cookie = await recoveryFlow.save(request, { ...line, ...(outcome.uuid ? { uuid: outcome.uuid } : {}), verified: false });
      return redirectWithNotice(request, here, "auth:code.resent", [cookie]);
    }
    case "locked":
      return goTo(here, await recoveryFlow.save(request, { ...state, lockedUntil: outcome.unlockDate, verified: false }));
    case "notRegistered":
      return redirectWithNotice(request, registerUrl(state.profile), outcome.messageKey, [await recoveryFlow.clear(request)]);
    case "refused":
      return refused(submission, { key: outcome.messageKey, upstreamText: outcome.upstreamMessage });
  }
}

/** Step 2: checks the code. Right: step 3. Wrong: docs/accounts.md's text. The third wrong one: the lockout. */
async function verifyCode(request: Request, context: AppLoadContext, state: RecoveryState, formData: FormData) {
  const here = recoveryUrl(state.profile, 2);
  if (isLocked(state)) return goTo(here);
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") return invalid(submission);
  const attempt = { action: "code" as const, number: limitKey(state), ip: context.clientIp };
  const tooMany = await limited(submission, attempt);
  if (tooMany) return tooMany;

  const result = await validatePin(lineOf(state), submission.value.code, "recovery");
  if (!result.ok) {
    await rateLimiter.forgive(attempt);
    return refused(submission, { key: result.error.messageKey }, 502);
  }
  const outcome = result.data;
  switch (outcome.outcome) {
    case "verified": {
      await rateLimiter.succeed(attempt);
      const { lockedUntil: _over, ...line } = state;
      return goTo(recoveryUrl(state.profile, 3), await recoveryFlow.save(request, { ...line, uuid: outcome.uuid, verified: true }));
    }
    // A wrong code, a lockout, a refusal: the reservation stays, it is the failure's count.
    case "locked":
      return goTo(here, await recoveryFlow.save(request, { ...state, lockedUntil: outcome.unlockDate, verified: false }));
    case "wrongPin":
      return refused(submission, { key: outcome.messageKey });
    case "refused":
      return refused(submission, { key: outcome.messageKey, upstreamText: outcome.upstreamMessage });
  }
}

/** Step 3: the new password, with the uuid of the validated code; then /login with a notice. */
async function passwordStep(request: Request, state: RecoveryState, formData: FormData) {
  if (!state.verified || !state.uuid) return goTo(recoveryUrl(state.profile, 2));
  const submission = parseWithZod(formData, { schema: recoveryPasswordSchema });
  if (submission.status !== "success") return invalid(submission);

  const result = await resetPassword(lineOf(state), submission.value.password, state.uuid);
  if (!result.ok) return refused(submission, { key: result.error.messageKey }, 502);
  if (result.data.outcome === "refused") return refused(submission, { key: result.data.messageKey });
  // The new password ends every session of the line, wherever it was opened (docs/accounts.md "Sessions").
  await endSessionsOf(state.phone, state.serviceNumber);
  return redirectWithNotice(request, loginUrl(state.profile), "auth:login.passwordChanged", [await recoveryFlow.clear(request)]);
}
