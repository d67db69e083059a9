import type * as z from "zod";
import type { SessionTokens, SessionUser } from "#schemas/session";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";
import {
  accessResponse,
  balanceResponse,
  cdnResponse,
  connErrorBody,
  loginSession,
  offersResponse,
  serviceabilityResponse,
  type AccessOperation,
  type AccessRequest,
  type AccessResponse,
  type WireOffer,
} from "./conn.schemas";

/**
 * Client of the legacy "conn/page" upstream (SPEC §7): offers, balance, the legacy account
 * operations of /acceso (login, logout, registration PIN, recovery), the discovery-widget CDN
 * and home-internet serviceability. Wire shapes live in conn.schemas.ts; this module returns
 * English domain types.
 *
 * Results, one rule for every function:
 * - `{ ok: false, error }` only when the call itself failed (timeout, network, HTTP error,
 *   an answer that breaks its schema). `error.messageKey` is the catalogue message of SPEC §8
 *   for that call (e.g. offers → "recharge:offers.error", login → "auth:login.failed").
 *   Reads (offers, balance, CDN, serviceability) whose body says `success: false` also end
 *   here, as kind "http" with the upstream's text in `error.upstreamMessage`.
 * - `{ ok: true, data }` when the upstream answered. For the account operations `data` is a
 *   discriminated `outcome` ("signedIn", "refused", "locked", …); every refusal carries the
 *   `messageKey` to show and, when the upstream sent one, its own `upstreamMessage` (login
 *   shows the server's text, SPEC §8).
 * Nothing here throws.
 */

export type ConnOptions = { timeoutMs?: number };
export type LineProfile = "mbb" | "hbb" | "mifi";

const OFFERS_FAILED = "recharge:offers.error";
const BALANCE_FAILED = "auth:login.dataFailed";

const ACCESS_PATH = "/conn/page/api/bait/api/aplicacion/acceso";
/** The portable-internet (mifi) lines have their own endpoint (SPEC §7 "separate endpoint for mifi"). */
const ACCESS_MIFI_PATH = "/conn/page/api/bait/api/aplicacion/acceso-mifi";

/** Every failure of a call shows that call's own catalogue message, except those listed in `keep`. */
function withMessage<T>(result: UpstreamResult<T>, messageKey: string, keep: (error: UpstreamError) => boolean = () => false): UpstreamResult<T> {
  if (result.ok || keep(result.error)) return result;
  const { call, kind, status, upstreamMessage } = result.error;
  return { ok: false, error: new UpstreamError(call, kind, messageKey, status, upstreamMessage) };
}

function refusedRead(call: string, messageKey: string, status: number, upstreamMessage?: string | null): UpstreamResult<never> {
  console.error(`[upstream] ${call}: success=false${upstreamMessage ? ` (${upstreamMessage})` : ""}`);
  return { ok: false, error: new UpstreamError(call, "http", messageKey, status, upstreamMessage ?? undefined) };
}

const isUnauthorized = (error: UpstreamError) => error.status === 401 || error.status === 403;

// ——— Offers ———

export type OfferList = "general" | "hbb" | "sams";
const OFFER_PATHS: Record<OfferList, string> = {
  general: "/conn/page/api/app/ofertas",
  hbb: "/conn/page/api/app/ofertasHBB",
  sams: "/conn/page/api/app/ofertasSams",
};

/** The recharge offer of SPEC §3, as the upstream sells it. */
export type UpstreamOffer = {
  offerId: string;
  rechargeName: string;
  /** 1 traditional, 2 hbb, 3 mifi, 4 associates, 5 international, 6 packages, 7 SIM, 8 business mifi, 9 business, 99 store. */
  type: WireOffer["tipo"];
  /** MXN. */
  price: number;
  /** Days. */
  duration: number;
  validity: string;
  associated: boolean;
  status: "active" | "inactive";
  imageMobile: string;
  imageDesktop: string;
  includeMessage: string;
  enjoyMessage?: string;
  register: boolean;
  mbNavigation: number;
  mbSocialNetworks: number;
};

export const toOffer = (wire: WireOffer): UpstreamOffer => ({
  offerId: wire.offeringid,
  rechargeName: wire.nombre,
  type: wire.tipo,
  price: wire.pesos,
  duration: wire.duracion,
  validity: wire.vigencia,
  associated: wire.asociado,
  status: wire.estado === "activo" ? "active" : "inactive",
  imageMobile: wire.imagen.movil,
  imageDesktop: wire.imagen.escritorio,
  includeMessage: wire.incluye,
  ...(wire.disfruta ? { enjoyMessage: wire.disfruta } : {}),
  register: wire.registro,
  mbNavigation: wire.mbNavegar,
  mbSocialNetworks: wire.mbRedesSociales,
});

/** GET ofertas / ofertasHBB / ofertasSams. Inactive offers are returned too (status "inactive"): the caller decides. */
export async function getOffers(list: OfferList, options: ConnOptions = {}): Promise<UpstreamResult<UpstreamOffer[]>> {
  const call = `conn.offers.${list}`;
  const result = await upstreamFetch({ call, upstream: "conn", path: OFFER_PATHS[list], schema: offersResponse, errorSchema: connErrorBody, ...options });
  if (!result.ok) return withMessage(result, OFFERS_FAILED);
  if (result.data.success === false) return refusedRead(call, OFFERS_FAILED, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: result.data.response.lista.map(toOffer) };
}

// ——— Balance ———

const ITEM_NAMES = {
  datosVelocidadNormal: "normalDataSpeed",
  datosVelocidadReducida: "lowDataSpeed",
  datosUsoInternacional: "internationalData",
  datosRedesSociales: "socialMediaData",
  minutos: "minutesUsed",
  sms: "messaggesUsed",
} as const;
export type BalanceItemName = (typeof ITEM_NAMES)[keyof typeof ITEM_NAMES];

/** One consumption item (SPEC §3 output mb_used, mb_total, … in camelCase). */
export type BalanceItem = {
  name: BalanceItemName;
  mbUsed: number;
  mbTotal: number;
  mbAvailable: number;
  minAvailable: number;
  minUsed: number;
  smsAvailable: number;
  smsUsed: number;
};

export type LineBalance = {
  items: BalanceItem[];
  /** ISO date of the next recharge, when the line has one. */
  nextRecharge?: string;
  sharesData: boolean;
  offerings: { offeringId: string; expireDate: string }[];
  unlimited: boolean;
};

type WireBalance = z.infer<typeof balanceResponse>;

export function toBalance(wire: WireBalance): LineBalance {
  const items: BalanceItem[] = [];
  for (const item of wire.consumo) {
    const name = ITEM_NAMES[item.nombre as keyof typeof ITEM_NAMES];
    // A new item kind must not break the balance page: it is logged and left out.
    if (!name) {
      console.warn(`[upstream] conn.balance: concepto de consumo desconocido «${item.nombre}», se omite`);
      continue;
    }
    items.push({
      name,
      mbUsed: item.mb_usados ?? 0,
      mbTotal: item.mb_totales ?? 0,
      mbAvailable: item.mb_disponibles ?? 0,
      minAvailable: item.min_disponibles ?? 0,
      minUsed: item.min_usados ?? 0,
      smsAvailable: item.sms_disponibles ?? 0,
      smsUsed: item.sms_usados ?? 0,
    });
  }
  return {
    items,
    ...(wire.proxima_recarga ? { nextRecharge: wire.proxima_recarga } : {}),
    sharesData: wire.comparteDatos ?? false,
    offerings: wire.offeringsIds.map(({ offeringId, expireDate }) => ({ offeringId, expireDate })),
    unlimited: wire.esIlimitado ?? false,
  };
}

async function balanceCall(call: string, path: string, body: unknown, headers: Record<string, string>, options: ConnOptions): Promise<UpstreamResult<LineBalance>> {
  const result = await upstreamFetch({ call, upstream: "conn", method: "POST", path, body, headers, schema: balanceResponse, errorSchema: connErrorBody, ...options });
  // A 401 means the session is gone: "Tu sesión expiró", so the caller can log the user out.
  if (!result.ok) return withMessage(result, BALANCE_FAILED, isUnauthorized);
  if (!result.data.success) return refusedRead(call, BALANCE_FAILED, result.status, result.data.message ?? result.data.mensaje);
  return { ok: true, status: result.status, data: toBalance(result.data) };
}

/** POST consumoV3 with the legacy access token (body `access` and header Ordaccess). */
export function getBalance(access: string, options: ConnOptions = {}) {
  return balanceCall("conn.balance", "/conn/page/api/app/consumoV3", { access }, { Ordaccess: access }, options);
}

/** POST consumoSSO for a single-sign-on session: the number in the body, the SSO token as bearer. */
export function getSsoBalance(number: string, bearer: string, options: ConnOptions = {}) {
  return balanceCall("conn.balanceSso", "/conn/page/api/sso/consumoSSO", { numero: number }, { Authorization: `Bearer ${bearer}` }, options);
}

// ——— Legacy account operations (/acceso) ———

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
const USER_TYPE = { mbb: 1, hbb: 2, mifi: 3 } as const;

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
    console.error(`[upstream] conn.login: respuesta inválida en «${issue?.path.join(".") || "(raíz)"}»: ${issue?.message}`);
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
        userType: s.userType ?? USER_TYPE[input.profile],
        isLegacy: s.isLegacy ?? true,
        isProfileActive: s.isProfileActive ?? true,
        isEmailVerify: s.isEmailVerify ?? false,
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
 * shows SPEC §8's text for the flow; three wrong codes lock the number for an hour.
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
    console.error(`[upstream] conn.validatePin: respuesta inválida en «uuid»: falta`);
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

// ——— Widget CDN ———

export type WidgetContent = z.infer<typeof cdnResponse>;

/** GET the discovery widget's content (header hide: true, SPEC §7). */
export async function getWidgetContent(options: ConnOptions = {}): Promise<UpstreamResult<WidgetContent>> {
  return upstreamFetch({ call: "conn.widget", upstream: "conn", path: "/conn/page/api/app/cdn", headers: { hide: "true" }, schema: cdnResponse, ...options });
}

// ——— Serviceability ———

export type Serviceability = { address: string; hasCoverage: boolean; location?: { latitude: number; longitude: number } };

/** GET serviceability?direccion=: whether home internet reaches an address (a postal code is enough). */
export async function checkServiceability(address: string, options: ConnOptions = {}): Promise<UpstreamResult<Serviceability>> {
  const call = "conn.serviceability";
  const result = await upstreamFetch({ call, upstream: "conn", path: "/conn/page/api/altan/serviceability", query: { direccion: address }, schema: serviceabilityResponse, errorSchema: connErrorBody, ...options });
  // SPEC §8 has no text of its own for this call: the generic upstream messages apply.
  if (!result.ok) return result;
  const answer = result.data;
  if (!answer.success) return refusedRead(call, "errors:upstream.generic", result.status, answer.mensaje);
  return {
    ok: true,
    status: result.status,
    data: {
      address: answer.direccion,
      hasCoverage: answer.capacidad,
      ...(answer.ubicacion ? { location: { latitude: answer.ubicacion.latitud, longitude: answer.ubicacion.longitud } } : {}),
    },
  };
}
