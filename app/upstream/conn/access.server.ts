import type { SessionTokens, SessionUser } from "#schemas/session";
import { logger } from "~/lib/log.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "../http.server";
import { accessResponse, loginSession, type AccessOperation, type AccessRequest, type AccessResponse } from "./access.schemas";
import { connErrorBody } from "./common.schemas";
import { withMessage, type ConnOptions } from "./results.server";
import { userTypeOf, type LineProfile } from "#schemas/line";

/**
 * The legacy account operations of the "conn/page" upstream's /acceso (docs/accounts.md): login, logout,
 * registration PIN and completion, password recovery.
 */


const ACCESS_PATH = "/conn/page/api/bait/api/aplicacion/acceso";
/** The portable-internet (mifi) lines have their own endpoint (docs/accounts.md "separate endpoint for mifi"). */
const ACCESS_MIFI_PATH = "/conn/page/api/bait/api/aplicacion/acceso-mifi";

const accessPath = (profile: LineProfile) => (profile === "mifi" ? ACCESS_MIFI_PATH : ACCESS_PATH);

async function access(call: string, profile: LineProfile, body: AccessRequest, options: ConnOptions, failureKey: string): Promise<UpstreamResult<AccessResponse>> {
  const result = await upstreamFetch({ call, upstream: "conn", method: "POST", path: accessPath(profile), body, schema: accessResponse, errorSchema: connErrorBody, ...options });
  return withMessage(result, failureKey);
}

const upstreamText = (answer: AccessResponse) => answer.message ?? answer.mensaje ?? undefined;
const optionalText = (answer: AccessResponse) => {
  const text = upstreamText(answer);
  return text ? { upstreamMessage: text } : {};
};

/** A refusal: show `messageKey`, or the upstream's own text where the screen does (login). */
export type Refused = { outcome: "refused"; messageKey: string; upstreamMessage?: string };
export type Locked = { outcome: "locked"; messageKey: string; unlockDate: string };

/** Number and service number of a line, as the legacy backend wants them for a profile. */
export type LineIdentity =
  | { profile: "mbb"; number: string }
  /** hbb / mifi: the service number and the customer's contact phone. */
  | { profile: "hbb" | "mifi"; serviceNumber: string; phone: string };

const identityFields = (line: LineIdentity) => (line.profile === "mbb" ? { numero: line.number } : { numero: line.phone, servicio: line.serviceNumber });

export type LoginInput = { profile: LineProfile; /** Bait number (mbb) or service number (hbb, mifi). */ number: string; password: string };
export type LoginOutcome = { outcome: "signedIn"; user: SessionUser; tokens: SessionTokens } | Refused;

/**
 * operacion "login". hbb and mifi send the service number in `servicio` too: that is how the
 * backend knows the chosen line type, and a number of another type is refused with code 4.
 */
export async function login(input: LoginInput, options: ConnOptions = {}): Promise<UpstreamResult<LoginOutcome>> {
  const body: AccessRequest = { operacion: "login", numero: input.number, pass: input.password, ...(input.profile === "mbb" ? {} : { servicio: input.number }) };
  const result = await access("conn.login", input.profile, body, options, "auth:login.failed");
  if (!result.ok) return result;
  const answer = result.data;
  if (!answer.success) {
    const messageKey = answer.code === 4 ? `errors:loginByType.${input.profile}` : "auth:login.validationFailed";
    return { ok: true, status: result.status, data: { outcome: "refused", messageKey, ...optionalText(answer) } };
  }
  const session = loginSession.safeParse(answer);
  if (!session.success) {
    const issue = session.error.issues[0];
    logger("upstream").error({ call: "conn.login", field: issue?.path.join(".") || "(raíz)", issue: issue?.message }, "respuesta inválida");
    return { ok: false, error: new UpstreamError("conn.login", "invalidResponse", "auth:login.accountLoadFailed", result.status) };
  }
  const s = session.data;
  return {
    ok: true,
    status: result.status,
    data: {
      outcome: "signedIn",
      user: {
        name: s.name,
        email: s.email,
        number: s.number,
        ...(s.serviceNumber ? { serviceNumber: s.serviceNumber } : {}),
        userType: s.userType ?? userTypeOf[input.profile],
        isLegacy: s.isLegacy ?? true,
        isProfileActive: s.isProfileActive ?? true,
        isEmailVerify: s.isEmailVerify ?? false,
        ...(s.notificaciones != null ? { allowNotifications: s.notificaciones } : {}),
        ...(s.whatsapp != null ? { whatsappOptIn: s.whatsapp } : {}),
      },
      tokens: { access: s.access, ...(s.refreshToken ? { refreshToken: s.refreshToken } : {}) },
    },
  };
}

/** operacion "logout": ends the legacy token. The app clears its own session whatever this answers. */
export async function logout(input: { profile: LineProfile; number: string; access: string }, options: ConnOptions = {}): Promise<UpstreamResult<{ outcome: "signedOut" } | Refused>> {
  const result = await access("conn.logout", input.profile, { operacion: "logout", numero: input.number, access: input.access }, options, "auth:logout.failed");
  if (!result.ok) return result;
  return {
    ok: true,
    status: result.status,
    data: result.data.success ? { outcome: "signedOut" } : { outcome: "refused", messageKey: "auth:logout.failed", ...optionalText(result.data) },
  };
}

function lockedOrRefused(answer: AccessResponse, lockedKey: string, refusedKey: string): Locked | Refused {
  if (answer.unlockDate) return { outcome: "locked", messageKey: lockedKey, unlockDate: answer.unlockDate };
  return { outcome: "refused", messageKey: refusedKey, ...optionalText(answer) };
}

export type RecoveryStartOutcome = { outcome: "codeSent"; uuid?: string } | { outcome: "notRegistered"; messageKey: string } | Locked | Refused;

/**
 * Starts a password recovery: recuperacionv2 (mbb) or recuperacion_hbbv2 (hbb; mifi on its own
 * endpoint). Code 0 means the line has no account: the screen warns and goes to registration.
 */
export async function startRecovery(line: LineIdentity, options: ConnOptions = {}): Promise<UpstreamResult<RecoveryStartOutcome>> {
  const operacion: AccessOperation = line.profile === "mbb" ? "recuperacionv2" : "recuperacion_hbbv2";
  const result = await access("conn.recoveryStart", line.profile, { operacion, ...identityFields(line) }, options, "errors:otp.sendFailed");
  if (!result.ok) return result;
  const answer = result.data;
  let data: RecoveryStartOutcome;
  if (answer.success) data = { outcome: "codeSent", ...(answer.uuid ? { uuid: answer.uuid } : {}) };
  else if (answer.code === 0) data = { outcome: "notRegistered", messageKey: "auth:recovery.notRegistered" };
  else data = lockedOrRefused(answer, "auth:recovery.locked", answer.code === 2 ? "auth:recovery.dataMismatch" : "errors:otp.sendFailed");
  return { ok: true, status: result.status, data };
}

export type PinPurpose = "recovery" | "register";
export type PinOutcome = { outcome: "verified"; uuid: string } | { outcome: "wrongPin"; messageKey: string; attemptsRemaining?: number } | Locked | Refused;

/**
 * validar_pin (mbb) / validar_pin_hbb (hbb, mifi): checks the 4-digit code and answers the uuid
 * that authorises the next step (new password, or completing the registration). A wrong code
 * shows docs/accounts.md's text for the flow; three wrong codes lock the number for an hour.
 */
export async function validatePin(line: LineIdentity, pin: string, purpose: PinPurpose, options: ConnOptions = {}): Promise<UpstreamResult<PinOutcome>> {
  const operacion: AccessOperation = line.profile === "mbb" ? "validar_pin" : "validar_pin_hbb";
  const keys =
    purpose === "recovery"
      ? { failed: "auth:recovery.sessionError", wrong: "auth:recovery.wrongPin", locked: "auth:recovery.locked" }
      : { failed: "auth:register.verifyFailed", wrong: "errors:otp.default", locked: "errors:otp.locked" };
  const result = await access("conn.validatePin", line.profile, { operacion, ...identityFields(line), pin }, options, keys.failed);
  if (!result.ok) return result;
  const answer = result.data;
  let data: PinOutcome;
  if (answer.success && answer.uuid) data = { outcome: "verified", uuid: answer.uuid };
  else if (answer.success) {
    logger("upstream").error({ call: "conn.validatePin", field: "uuid", issue: "falta" }, "respuesta inválida");
    return { ok: false, error: new UpstreamError("conn.validatePin", "invalidResponse", keys.failed, result.status) };
  } else if (answer.unlockDate) data = { outcome: "locked", messageKey: keys.locked, unlockDate: answer.unlockDate };
  else data = { outcome: "wrongPin", messageKey: keys.wrong, ...(answer.attemptsRemaining != null ? { attemptsRemaining: answer.attemptsRemaining } : {}) };
  return { ok: true, status: result.status, data };
}

/** restablecer_passv2 (mbb) / restablecer_pass_hbb (hbb, mifi), with the uuid of a validated PIN. */
export async function resetPassword(line: LineIdentity, password: string, uuid: string, options: ConnOptions = {}): Promise<UpstreamResult<{ outcome: "changed" } | Refused>> {
  const operacion: AccessOperation = line.profile === "mbb" ? "restablecer_passv2" : "restablecer_pass_hbb";
  const result = await access("conn.resetPassword", line.profile, { operacion, ...identityFields(line), pass: password, uuid }, options, "auth:recovery.sessionError");
  if (!result.ok) return result;
  return {
    ok: true,
    status: result.status,
    data: result.data.success ? { outcome: "changed" } : { outcome: "refused", messageKey: "auth:recovery.sessionError", ...optionalText(result.data) },
  };
}

export type RegisterPinOutcome = { outcome: "codeSent" } | { outcome: "alreadyRegistered"; messageKey: string } | Locked | Refused;

/**
 * operacion "pin": the legacy registration sends a code to the line (mbb) or the contact phone
 * (hbb, mifi). statusCode 1: the line already has an account → /recuperacion?exist=1.
 */
export async function sendRegisterPin(line: LineIdentity, email: string | undefined, options: ConnOptions = {}): Promise<UpstreamResult<RegisterPinOutcome>> {
  const result = await access("conn.registerPin", line.profile, { operacion: "pin", ...identityFields(line), ...(email ? { email } : {}) }, options, "errors:otp.sendFailed");
  if (!result.ok) return result;
  const answer = result.data;
  let data: RegisterPinOutcome;
  if (answer.success) data = { outcome: "codeSent" };
  else if (answer.statusCode === 1 || answer.code === 1) data = { outcome: "alreadyRegistered", messageKey: "auth:register.alreadyRegistered" };
  else data = lockedOrRefused(answer, "errors:otp.locked", answer.code === 4 ? `auth:register.notBait.${line.profile}` : "errors:otp.sendFailed");
  return { ok: true, status: result.status, data };
}

export type CompleteRegistrationInput = { line: LineIdentity; uuid: string; name: string; email: string; password: string; allowNotifications: boolean };

/** operacion "registro": creates the account with the uuid of the validated PIN; then login works. */
export async function completeRegistration(input: CompleteRegistrationInput, options: ConnOptions = {}): Promise<UpstreamResult<{ outcome: "registered" } | Refused>> {
  const body: AccessRequest = {
    operacion: "registro",
    ...identityFields(input.line),
    uuid: input.uuid,
    nombre: input.name,
    email: input.email,
    pass: input.password,
    notificaciones: input.allowNotifications,
  };
  const result = await access("conn.register", input.line.profile, body, options, "auth:completeRegistration.failed");
  if (!result.ok) return result;
  const answer = result.data;
  if (answer.success) return { ok: true, status: result.status, data: { outcome: "registered" } };
  const messageKey = answer.statusCode === 1 || answer.code === 1 ? "auth:register.alreadyRegistered" : "auth:completeRegistration.failed";
  return { ok: true, status: result.status, data: { outcome: "refused", messageKey, ...optionalText(answer) } };
}

export type ProfileUpdate = { line: LineIdentity; access: string; name: string; email: string; allowNotifications: boolean };

/**
 * operacion "actualizar_perfil" (docs/profile.md): the account's name or alias, e-mail and
 * promotions opt-in, with the customer's access token. The spec names no call for it; ours
 * follows the other /acceso operations.
 */
export async function updateProfile(input: ProfileUpdate, options: ConnOptions = {}): Promise<UpstreamResult<{ outcome: "updated" } | Refused>> {
  const body: AccessRequest = { operacion: "actualizar_perfil", ...identityFields(input.line), access: input.access, nombre: input.name, email: input.email, notificaciones: input.allowNotifications };
  const result = await access("conn.updateProfile", input.line.profile, body, options, "profile:edit.failed");
  if (!result.ok) return result;
  return {
    ok: true,
    status: result.status,
    data: result.data.success ? { outcome: "updated" } : { outcome: "refused", messageKey: "profile:edit.failed", ...optionalText(result.data) },
  };
}

/** operacion "cambiar_pass": the current password (`pass`) and the new one; code 3 is a wrong current password. */
export async function changePassword(input: { line: LineIdentity; access: string; current: string; next: string }, options: ConnOptions = {}): Promise<UpstreamResult<{ outcome: "changed" } | Refused>> {
  const body: AccessRequest = { operacion: "cambiar_pass", ...identityFields(input.line), access: input.access, pass: input.current, passNuevo: input.next };
  const result = await access("conn.changePassword", input.line.profile, body, options, "profile:edit.failed");
  if (!result.ok) return result;
  if (result.data.success) return { ok: true, status: result.status, data: { outcome: "changed" } };
  const messageKey = result.data.code === 3 ? "profile:password.wrongCurrent" : "profile:edit.failed";
  return { ok: true, status: result.status, data: { outcome: "refused", messageKey } };
}
