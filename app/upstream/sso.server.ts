import * as z from "zod";
import { errorBody } from "./core/common.schemas";
import { refuse } from "./core/results.server";
import { lineNumberMessages, otpOutcome, otpSendKeys } from "./errors";
import { upstreamFetch, type UpstreamResult } from "./http.server";
import { profileOfUserType } from "#schemas/line";

/**
 * The single-sign-on upstream (`env.upstreams.sso`): the SSO login start and callback, the
 * registration codes (OTP), completing a registration, moving a legacy account to SSO and
 * deleting an SSO account.
 *
 * Paths are the spec's (docs/accounts.md), with two of ours:
 *   POST /api/core/sso/register/complete   completes a registration (docs/accounts.md "Complete registration")
 *   POST /conn/page/api/sso/deleteSSO      the spec's path; it starts with /conn but ends the SSO
 *     session behind the gateway (the logout of an SSO customer, docs/accounts.md), authorised by the same
 *     SSO bearer as the rest of this module, so it lives here and not in the conn client (whose
 *     calls carry the legacy `access` token). Deleting the account itself is a page of the SSO
 *     server the customer is sent to, not a call of ours.
 *
 * Results follow core/results.server.ts: `UpstreamResult<Domain>`, never a throw; a business "no" is an
 * `UpstreamRefusal` with a `reason`:
 *   otp/send   "locked" (unlockDate) | "failed"
 *   otp/check  "alreadyRegistered" (statusCode 1: go to /recuperacion?exist=1) | "locked" (unlockDate)
 *              | "wrongCode" (attemptsRemaining) | "failed"
 *   register/complete "alreadyRegistered" | "failed"; a verification the upstream no longer knows is HTTP 401.
 */

const otpAnswerWire = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  code: z.union([z.string(), z.number()]).optional(),
  uuid: z.string().optional(),
  statusCode: z.number().int().optional(),
  unlockDate: z.string().nullable().optional(),
  attemptsRemaining: z.number().int().nullable().optional(),
});

const OTP_HTTP = { 400: lineNumberMessages[400], 412: lineNumberMessages[412], 500: "errors:upstream.unavailable", 502: "errors:upstream.unavailable" } as const;

/** The line a registration is for: a Bait number (mbb), or a contact phone plus a service number (hbb, mifi). */
export type RegistrationLine = { baitNumber: string; serviceNumber?: string };

/** POST api/core/sso/otp/send: sends the 4-digit code to the number. */
export async function sendRegistrationCode(input: RegistrationLine & { email?: string }): Promise<UpstreamResult<{ sent: true }>> {
  const call = "sso.sendOtp";
  const result = await upstreamFetch({
    call,
    upstream: "sso",
    method: "POST",
    path: "/api/core/sso/otp/send",
    body: { baitNumber: input.baitNumber, serviceNumber: input.serviceNumber ?? "", email: input.email ?? "" },
    schema: otpAnswerWire,
    messages: OTP_HTTP,
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const answer = result.data;
  if (answer.success) return { ok: true, data: { sent: true }, status: result.status };
  const outcome = otpOutcome(answer);
  if (outcome.kind === "locked") return refuse(call, otpSendKeys.locked, "locked", { unlockDate: outcome.unlockDate, upstreamMessage: answer.message });
  return refuse(call, otpSendKeys.failed, "failed", { upstreamMessage: answer.message });
}

/**
 * POST api/core/sso/otp/check: checks the code; a right one answers the verification uuid that
 * completing the registration needs.
 */
export async function checkRegistrationCode(input: RegistrationLine & { code: string }): Promise<UpstreamResult<{ verificationId: string }>> {
  const call = "sso.checkOtp";
  const result = await upstreamFetch({
    call,
    upstream: "sso",
    method: "POST",
    path: "/api/core/sso/otp/check",
    body: { baitNumber: input.baitNumber, otpCode: input.code, serviceNumber: input.serviceNumber ?? "" },
    schema: otpAnswerWire,
    messages: OTP_HTTP,
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const answer = result.data;
  if (answer.statusCode === 1) return refuse(call, "auth:register.alreadyRegistered", "alreadyRegistered", { upstreamMessage: answer.message });
  if (answer.success && answer.uuid) return { ok: true, data: { verificationId: answer.uuid }, status: result.status };
  const outcome = otpOutcome({ ...answer, success: answer.success && Boolean(answer.uuid) });
  switch (outcome.kind) {
    case "locked":
      return refuse(call, outcome.messageKey, "locked", { unlockDate: outcome.unlockDate, upstreamMessage: answer.message, attemptsRemaining: 0 });
    case "wrongCode":
      return refuse(call, outcome.messageKey, "wrongCode", { attemptsRemaining: outcome.attemptsRemaining, upstreamMessage: answer.message });
    default:
      return refuse(call, "errors:otp.default", "failed", { upstreamMessage: answer.message });
  }
}

const registrationWire = z.object({ success: z.boolean(), message: z.string().optional(), statusCode: z.number().int().optional() });

export type CompleteRegistration = RegistrationLine & {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  allowNotifications: boolean;
  verificationId: string;
};

/**
 * POST /api/core/sso/register/complete: creates the account of a verified number (docs/accounts.md
 * field names: registerConfirmation is the password, confirmation its repetition).
 */
export async function completeRegistration(input: CompleteRegistration): Promise<UpstreamResult<{ registered: true }>> {
  const call = "sso.completeRegistration";
  const result = await upstreamFetch({
    call,
    upstream: "sso",
    method: "POST",
    path: "/api/core/sso/register/complete",
    body: {
      name: input.name,
      number: input.baitNumber,
      serviceNumber: input.serviceNumber ?? "",
      email: input.email,
      allowNotifications: input.allowNotifications,
      registerConfirmation: input.password,
      confirmation: input.passwordConfirmation,
      uuid: input.verificationId,
    },
    schema: registrationWire,
    messages: { 400: "auth:completeRegistration.failed", 401: "auth:recovery.sessionError", 500: "errors:upstream.unavailable", 502: "errors:upstream.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (result.data.statusCode === 1) return refuse(call, "auth:register.alreadyRegistered", "alreadyRegistered", { upstreamMessage: result.data.message });
  if (!result.data.success) return refuse(call, "auth:completeRegistration.failed", "failed", { upstreamMessage: result.data.message });
  return { ok: true, data: { registered: true }, status: result.status };
}

const loginStartWire = z.object({ success: z.literal(true), url: z.url(), state: z.string().min(1) }).transform((wire) => ({ authorizeUrl: wire.url, state: wire.state }));

/**
 * GET api/core/sso/carousel/create: where to send the browser to log in, and the state to expect
 * back. `redirectUri` is our /sso-callback, where the SSO server returns the browser.
 */
export function startSsoLogin(input: { redirectUri: string; loginHint?: string }): Promise<UpstreamResult<{ authorizeUrl: string; state: string }>> {
  return upstreamFetch({
    call: "sso.carousel",
    upstream: "sso",
    path: "/api/core/sso/carousel/create",
    query: { redirect_uri: input.redirectUri, login_hint: input.loginHint },
    schema: loginStartWire,
    messages: { 500: "auth:login.failed", 502: "auth:login.failed" },
    errorSchema: errorBody,
  });
}

/** The session fields of docs/accounts.md ("User session"). */
const sessionWire = z
  .object({
    success: z.literal(true),
    email: z.string(),
    isLegacy: z.boolean(),
    name: z.string(),
    access: z.string().min(1),
    number: z.string(),
    serviceNumber: z.string().optional(),
    userType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    refreshToken: z.string().optional(),
    isProfileActive: z.boolean().optional(),
    isEmailVerify: z.boolean().optional(),
  })
  .transform((wire) => ({
    accessToken: wire.access,
    refreshToken: wire.refreshToken,
    name: wire.name,
    email: wire.email,
    number: wire.number,
    serviceNumber: wire.serviceNumber || undefined,
    profile: profileOfUserType[wire.userType],
    isLegacy: wire.isLegacy,
    profileActive: wire.isProfileActive ?? true,
    emailVerified: wire.isEmailVerify ?? false,
  }));
export type SsoSession = z.output<typeof sessionWire>;

/** A refused login answers `{ success: false, message }`; parse that before the session. */
const sessionOrRefusal = z.union([sessionWire, z.object({ success: z.literal(false), message: z.string().optional() })]);

async function sessionCall(call: string, path: string, body: unknown, refusedKey: string): Promise<UpstreamResult<SsoSession>> {
  const result = await upstreamFetch({
    call,
    upstream: "sso",
    method: "POST",
    path,
    body,
    schema: sessionOrRefusal,
    messages: { 400: refusedKey, 401: refusedKey, 500: "errors:upstream.unavailable", 502: "errors:upstream.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!("accessToken" in result.data)) return refuse(call, refusedKey, "refused", { upstreamMessage: result.data.message });
  return { ok: true, data: result.data, status: result.status };
}

/** POST api/core/sso/account: exchanges the SSO callback's code for a session. */
export function exchangeSsoCode(input: { authCode: string; emailVerified: boolean; state: string }): Promise<UpstreamResult<SsoSession>> {
  return sessionCall("sso.account", "/api/core/sso/account", { authcode: input.authCode, email_verify: input.emailVerified, state: input.state }, "auth:login.failed");
}

/** POST api/core/sso/legacy: logs a legacy account (number and password) into SSO. */
export function legacySsoLogin(input: { number: string; password: string }): Promise<UpstreamResult<SsoSession>> {
  return sessionCall("sso.legacy", "/api/core/sso/legacy", { numero: input.number, psd: input.password }, "auth:login.validationFailed");
}

const deleteWire = z.object({ success: z.boolean(), message: z.string().optional() });

/** POST /conn/page/api/sso/deleteSSO (bearer): ends the SSO session (logout). Never retried. */
export async function endSsoSession(accessToken: string): Promise<UpstreamResult<{ ended: true }>> {
  const call = "sso.logout";
  const result = await upstreamFetch({
    call,
    upstream: "sso",
    method: "POST",
    path: "/conn/page/api/sso/deleteSSO",
    headers: { Authorization: `Bearer ${accessToken}` },
    body: {},
    schema: deleteWire,
    messages: { 500: "errors:upstream.generic", 502: "errors:upstream.generic" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.success) return refuse(call, "errors:upstream.generic", "refused", { upstreamMessage: result.data.message });
  return { ok: true, data: { ended: true }, status: result.status };
}

/** The wire schemas, for the mock's contract tests. */
export const ssoWireSchemas = {
  otp: otpAnswerWire,
  registration: registrationWire,
  loginStart: loginStartWire,
  session: sessionOrRefusal,
  delete: deleteWire,
};
