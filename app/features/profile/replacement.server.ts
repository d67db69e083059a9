import type { Submission } from "@conform-to/dom";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import * as z from "zod";
import { secondsUntil } from "~/features/auth/recovery.server";
import { requireRecentSignIn } from "~/features/auth/step-up.server";
import { invalid, refused } from "~/lib/form-answer.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { formatPhone } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import { takeNotice, type Notice } from "~/lib/notice.server";
import { codeAlreadySent, rateLimiter, sendRefused, tooManyAttempts, type Attempt } from "~/lib/rate-limit.server";
import { commitSession, getSession } from "~/lib/session.server";
import { simStatusMessageKey } from "~/features/line/line";
import { fullIccid, getLineProfile } from "~/upstream/core/line.server";
import { registerReplacement, sendReplacementOtp, validateReplacementOtp } from "~/upstream/upd-card.server";
import { codeSchema } from "#schemas/forms/auth";
import { replacementSchema } from "#schemas/forms/profile";
import { lineNumberOf, NO_STORE, requireCustomerSession } from "./customer.server";
import { REPLACEMENT_PATH, replacementUrl } from "./urls";

/**
 * The SIM replacement of the signed-in customer's line (docs/profile.md), three steps in `?paso=`:
 * 1 the new SIM's ICCID, an e-mail and the reason (register-replace, then send-otp); 2 the code
 * sent to the line (validate-otp), or the lockout's countdown; 3 done. What a step needs of the
 * one before lives in the customer's session, never in the URL. Every form is a POST answered by
 * a 303, so it all works without JavaScript.
 */

const replacementState = z.object({
  iccid: z.string().regex(/^\d{19}$/),
  lockedUntil: z.string().optional(),
  done: z.boolean().default(false),
});
type ReplacementState = z.infer<typeof replacementState>;

export type ReplacementView =
  /** `lineStatus`: the SIM-status catalogue's text when the line is not active. Notices are already in Spanish. */
  | { step: 1; lineNumber: string; email: string; lineStatus: string | null; notice: string | null }
  | { step: 2; lineNumber: string; lockSeconds: number | null; notice: string | null }
  | { step: 3; lineNumber: string; iccid: string };

const stepOf = (value: string | null) => (value === "2" ? 2 : value === "3" ? 3 : 1);

async function readState(request: Request) {
  const session = await getSession(request);
  const parsed = replacementState.safeParse(session.get("replacement"));
  return { session, state: parsed.success ? parsed.data : null };
}

async function goTo(request: Request, step: 1 | 2 | 3, state: ReplacementState | null, notice?: Notice) {
  const session = await getSession(request);
  if (state) session.set("replacement", state);
  else session.unset("replacement");
  if (typeof notice === "string") session.flash("notice", notice);
  else if (notice) {
    session.flash("notice", notice.key);
    session.flash("noticeValues", notice.values);
  }
  return redirect(replacementUrl(step), { status: 303, headers: { "Set-Cookie": await commitSession(session), ...NO_STORE } });
}

export async function replacementLoader(request: Request) {
  const { user } = await requireCustomerSession(request);
  await requireRecentSignIn(request, REPLACEMENT_PATH);
  const line = lineNumberOf(user);
  const step = stepOf(new URL(request.url).searchParams.get("paso"));
  const taken = await takeNotice(request);
  const headers = taken.headers;
  // Texts of several catalogues (errors, recharge): written here, so the browser needs none of them.
  const notice = taken.notice ? translate(taken.notice, taken.values) : null;
  const answer = (view: ReplacementView) => data(view, { headers: { ...headers, ...NO_STORE } });
  const lineNumber = formatPhone(line);

  if (step === 1) {
    // The SIM-status catalogue: a line that is not active hears why before it starts.
    const status = await getLineProfile({ type: "dn", identifier: line, view: "status" });
    const lineStatus = status.ok && status.data.status && status.data.status !== "active" ? translate(simStatusMessageKey(status.data.status)) : null;
    return answer({ step: 1, lineNumber, email: user.email, lineStatus, notice });
  }
  const { state } = await readState(request);
  if (!state) throw redirect(replacementUrl(1), { headers: NO_STORE });
  if (step === 3) {
    if (!state.done) throw redirect(replacementUrl(2), { headers: NO_STORE });
    return answer({ step: 3, lineNumber, iccid: state.iccid });
  }
  if (state.done) throw redirect(replacementUrl(3), { headers: NO_STORE });
  return answer({ step: 2, lineNumber, lockSeconds: state.lockedUntil ? secondsUntil(state.lockedUntil) : null, notice });
}

/** Reserves the attempt before the upstream is asked (a failure keeps it); a refusal when over the limits. */
async function limited(submission: Submission<unknown>, attempt: Attempt) {
  const limit = await rateLimiter.reserve(attempt);
  if (limit.allowed) return null;
  const { key, values } = tooManyAttempts(limit);
  return refused(submission, { key, values }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
}

export async function replacementAction(request: Request, context: AppLoadContext) {
  const { user } = await requireCustomerSession(request);
  await requireRecentSignIn(request, REPLACEMENT_PATH);
  const line = lineNumberOf(user);
  const step = stepOf(new URL(request.url).searchParams.get("paso"));
  const formData = await readForm(request);
  if (step === 1) return registerStep(request, context, line, formData);

  const { state } = await readState(request);
  if (!state || state.done) return goTo(request, 1, null);
  if (formData.get("intent") === "resend") return resendCode(request, context, line, state, formData);
  return verifyStep(request, context, line, state, formData);
}

async function registerStep(request: Request, context: AppLoadContext, line: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: replacementSchema });
  if (submission.status !== "success") return invalid(submission);
  const attempt: Attempt = { action: "iccid", number: line, ip: context.clientIp };
  const tooMany = await limited(submission, attempt);
  if (tooMany) return tooMany;

  const iccid = fullIccid(submission.value.iccid);
  const overSendLimit = await sendLimited(submission, line, context);
  // A code of the replacement is on its way to this line (asked moments ago, perhaps in another
  // tab): nothing is sent, and the code step takes the one the customer holds.
  if (overSendLimit) {
    // Nothing was asked of the upstream: the reservation goes back.
    await rateLimiter.forgive(attempt);
    if (overSendLimit.alreadySent) return goTo(request, 2, { iccid, done: false }, overSendLimit.alreadySent);
    return overSendLimit.reply;
  }

  const registered = await registerReplacement({ number: line, iccid, email: submission.value.email, reason: submission.value.reason });
  if (!registered.ok) {
    return refused(submission, { key: registered.error.messageKey }, registered.error.status === 500 || registered.error.status === 502 ? 502 : 400);
  }
  await rateLimiter.succeed(attempt);
  return sendCode(request, { iccid, done: false });
}

/**
 * The send limits (docs/accounts.md "Limits on sending codes"): counted before the upstream is
 * asked for a code, whatever it then answers; a refusal says when another may be asked for.
 */
async function sendLimited(submission: Submission<unknown>, line: string, context: AppLoadContext) {
  const limit = await rateLimiter.send({ action: "replacement", number: line, ip: context.clientIp });
  if (limit.allowed) return null;
  return { reply: refused(submission, sendRefused(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) }), alreadySent: codeAlreadySent(limit) };
}

/** 'Enviar nuevamente' on step 2: another code, within the send limits. */
async function resendCode(request: Request, context: AppLoadContext, line: string, state: ReplacementState, formData: FormData) {
  const overSendLimit = await sendLimited(parseWithZod(formData, { schema: z.object({}) }), line, context);
  return overSendLimit?.reply ?? sendCode(request, state);
}

/** send-otp: to step 2 with the code on its way, or with the lockout's countdown. */
async function sendCode(request: Request, state: ReplacementState) {
  const line = lineNumberOf((await requireCustomerSession(request)).user);
  const sent = await sendReplacementOtp(line);
  if (!sent.ok) return goTo(request, 1, null, sent.error.messageKey);
  if (sent.data.kind === "locked") return goTo(request, 2, { ...state, lockedUntil: sent.data.unlockDate });
  await rateLimiter.sent({ action: "replacement", number: line });
  const { lockedUntil: _over, ...rest } = state;
  return goTo(request, 2, rest, sent.data.messageKey);
}

async function verifyStep(request: Request, context: AppLoadContext, line: string, state: ReplacementState, formData: FormData) {
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") return invalid(submission);
  const attempt: Attempt = { action: "code", number: line, ip: context.clientIp };
  const tooMany = await limited(submission, attempt);
  if (tooMany) return tooMany;

  const result = await validateReplacementOtp(line, submission.value.code);
  if (!result.ok) {
    await rateLimiter.forgive(attempt);
    return refused(submission, { key: result.error.messageKey }, 502);
  }
  const outcome = result.data;
  switch (outcome.kind) {
    case "accepted":
      await rateLimiter.succeed(attempt);
      return goTo(request, 3, { ...state, done: true });
    case "locked":
      await rateLimiter.forgive(attempt);
      return goTo(request, 2, { ...state, lockedUntil: outcome.unlockDate });
    // A wrong code or a refusal keeps its reservation: it is the failure's count.
    case "wrongCode":
      return refused(submission, { key: outcome.messageKey, values: { attemptsRemaining: outcome.attemptsRemaining } });
    default:
      return refused(submission, { key: outcome.messageKey });
  }
}
