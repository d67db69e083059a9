import * as z from "zod";
import { ICCID_DEFAULT, iccidErrorKey, iccidMessages, lineNumberErrorKey, lineNumberMessages, nirErrorKey, nirReasons } from "./errors";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";

/**
 * The core upstream (`env.upstreams.core`, paths under /api/core): line checks, recharge
 * history, the secure recharge payment start, device checks, area codes (NIR), captación
 * (journey, leads, WhatsApp opt-in) and billing.
 *
 * Paths the spec names are used as written. Where it does not show one, these are ours:
 *   POST /api/core/captacion/imei/verificacion   device compatibility (spec names it in §7's journey row)
 *   POST /api/core/servicio/cambio-nir           area-code change ("cambioNir")
 *   POST /api/core/servicio/perfil/bait          { numero } → the profile of a Bait number
 *   GET  /api/core/billing/tax-regime-list | cfdi-usage-list | payment-method-list | recharge-method-list
 *   POST /api/core/billing/register-bill
 * recharge-method-list is read as the SAT "método de pago" catalogue (PUE / PPD), the one
 * billing list the spec's names leave over once regímenes, usos CFDI and formas de pago are taken.
 *
 * Results. Every function answers `UpstreamResult<Domain>` and never throws:
 *   - transport and HTTP failures come from `upstreamFetch` with the call's catalogue keys;
 *   - a business "no" inside a 200 (`success: false`, a status code other than 0) is
 *     `{ ok: false, error: UpstreamRefusal }`: kind "http", status 200, the catalogue key for
 *     that answer, a `reason` the caller can branch on (e.g. "alreadyRegistered", "-1") and,
 *     when the upstream sent them, its message, `unlockDate` and `attemptsRemaining`.
 * Wire schemas keep the upstream's field names; the `.transform` on each gives the app's
 * English domain type. The wire schemas are exported for the mock's contract tests.
 */

/** A business refusal: the upstream answered, and the answer is "no". */
export class UpstreamRefusal extends UpstreamError {
  readonly reason: string;
  readonly unlockDate?: string;
  readonly attemptsRemaining?: number;
  constructor(
    call: string,
    messageKey: string,
    reason: string,
    details: { status?: number; upstreamMessage?: string; unlockDate?: string; attemptsRemaining?: number } = {},
  ) {
    super(call, "http", messageKey, details.status ?? 200, details.upstreamMessage);
    this.name = "UpstreamRefusal";
    this.reason = reason;
    this.unlockDate = details.unlockDate;
    this.attemptsRemaining = details.attemptsRemaining;
  }
}

export const refuse = (...args: ConstructorParameters<typeof UpstreamRefusal>): { ok: false; error: UpstreamRefusal } => ({
  ok: false,
  error: new UpstreamRefusal(...args),
});

/** Error bodies carry `message` or `mensaje`; keep whichever came. */
export const errorBody = z.object({ message: z.string().optional(), mensaje: z.string().optional() }).loose();

const ok = <T>(data: T, status = 200): UpstreamResult<T> => ({ ok: true, data, status });

// ---------------------------------------------------------------------------------------------
// Line checks

export type LineProfile = "mbb" | "hbb" | "mifi";
export const lineProfiles = ["mbb", "hbb", "mifi"] as const;
export const isLineProfile = (value: string): value is LineProfile => (lineProfiles as readonly string[]).includes(value);

/** Profile codes of the spec (§1): 1 mbb, 2 hbb, 3 mifi. */
export const profileCode: Record<LineProfile, 1 | 2 | 3> = { mbb: 1, hbb: 2, mifi: 3 };

const lineProfileWire = z
  .object({ data: z.object({ profile: z.string().min(1), status: z.string().min(1).optional(), msisdn: z.string() }) })
  .transform(({ data }) => ({ profile: data.profile, status: data.status, number: data.msisdn }));
export type LineCheck = z.output<typeof lineProfileWire>;

/** Number checks use the line-number table of SPEC §8 (errors.ts); SIM checks the ICCID table. */
const lineNumberKeys = lineNumberMessages as Partial<Record<number, string>>;
const iccidKeys = { 400: ICCID_DEFAULT, 424: ICCID_DEFAULT, 502: "errors:iccid.unavailable", ...iccidMessages } as Partial<Record<number, string>>;

/**
 * GET /api/core/q/{type}/{identifier}/get/{view}: the profile (and with view "status" the SIM
 * status) of a number (type dn) or a SIM (type iccid, 19 digits).
 */
export async function getLineProfile(input: { type: "dn" | "iccid"; identifier: string; view?: "basic" | "status" }): Promise<UpstreamResult<LineCheck>> {
  const view = input.view ?? "status";
  const result = await upstreamFetch({
    call: "core.lineProfile",
    upstream: "core",
    path: `/api/core/q/${input.type}/${encodeURIComponent(input.identifier)}/get/${view}`,
    schema: lineProfileWire,
    messages: input.type === "dn" ? lineNumberKeys : iccidKeys,
    errorSchema: errorBody,
  });
  // No answer at all is the table's status 0.
  if (!result.ok && result.error.kind === "network") {
    const key = input.type === "dn" ? lineNumberErrorKey(0) : iccidErrorKey(404);
    return { ok: false, error: new UpstreamError(result.error.call, "network", key) };
  }
  return result;
}

/** Statuses a line may be recharged in, per profile (SPEC §4). */
const rechargeableStatuses: Record<LineProfile, readonly string[]> = {
  mbb: ["active", "suspend", "predeactivate"],
  mifi: ["active", "suspend", "predeactivate"],
  hbb: ["active"],
};

export type Eligibility = { ok: true } | { ok: false; messageKey: string };

/**
 * Whether a line may be recharged (SPEC §4): mbb and mifi when active, suspend or
 * predeactivate; hbb only when active; any other status gives the idle message. A profile (or
 * status) "incompatible" gives the message of the profile being recharged; b2b lines have their
 * own message. `expected`, when given, is the profile the recharge is for (an hbb offer needs an
 * hbb service number).
 */
export function lineRechargeEligibility(profile: string, status: string | undefined, expected?: LineProfile): Eligibility {
  if (profile === "incompatible" || status === "incompatible") {
    const which = expected ?? (isLineProfile(profile) ? profile : "default");
    return { ok: false, messageKey: `recharge:lineNumber.status.incompatible.${which}` };
  }
  if (profile === "b2b") return { ok: false, messageKey: "recharge:lineNumber.status.b2b" };
  if (!isLineProfile(profile)) return { ok: false, messageKey: "recharge:lineNumber.status.default" };
  if (expected && profile !== expected) return { ok: false, messageKey: `recharge:lineNumber.wrongProfile.${expected}` };
  if (!status) return { ok: false, messageKey: "recharge:lineNumber.status.status" };
  if (rechargeableStatuses[profile].includes(status)) return { ok: true };
  return { ok: false, messageKey: "recharge:lineNumber.status.idle" };
}

/** The SIM status catalogue (SPEC §8): a message per status, WhatsApp support by default. */
export function simStatusMessageKey(status: string | undefined): string {
  const known = ["active", "idle", "suspend", "predeactivate", "barring", "incompatible"];
  return status && known.includes(status) ? `recharge:simStatus.${status}` : "recharge:simStatus.default";
}

/** The SIM's 19-digit ICCID from the 13 digits the customer types (SPEC §5). */
export const ICCID_PREFIX = "895214";
export const fullIccid = (typed: string) => `${ICCID_PREFIX}${typed.replace(/\D/g, "")}`;

/**
 * Whether a SIM found by its ICCID may be registered as a service of the given profile
 * (SPEC §5): it must be of that profile and active.
 */
export function iccidRegistrationEligibility(line: LineCheck, expected: "hbb" | "mifi"): Eligibility {
  if (line.profile !== expected) return { ok: false, messageKey: `recharge:iccid.wrongProfile.${expected}` };
  if (line.status !== "active") return { ok: false, messageKey: simStatusMessageKey(line.status) };
  return { ok: true };
}

/** Legacy replacement codes (SPEC §4/§8) → catalogue keys; 0 means "go ahead". */
export function replacementMessageKey(code: number, rechargeType?: number): string {
  switch (code) {
    case -1:
      return "recharge:replacement.notAssociate";
    case 1:
      return "recharge:replacement.cannotRecharge";
    case 2:
      return "recharge:replacement.notInNetwork";
    case 3:
      return "recharge:replacement.needsActivation";
    case 4:
      return rechargeType === 2 || rechargeType === 3
        ? "recharge:replacement.wrongType.hbb"
        : rechargeType === 8
          ? "recharge:replacement.wrongType.mifi"
          : "recharge:replacement.wrongType.default";
    default:
      return "recharge:replacement.unavailable";
  }
}

const serviceProfileWire = z.object({ success: z.boolean(), status: z.number().int(), message: z.string().optional() });

/**
 * POST /api/core/bait/servicio/perfil: the legacy recharge check of a number for a recharge
 * type (`tipo`, SPEC §3 type codes) with the captcha `token`. Status 0 is "may recharge";
 * -1, 1, 2, 3, 4 and 500 are refusals with `reason` set to the code.
 */
export async function checkServiceProfile(input: { number: string; iccid?: string; rechargeType: number; captchaToken?: string }): Promise<UpstreamResult<{ allowed: true }>> {
  const call = "core.serviceProfile";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/bait/servicio/perfil",
    body: { dn: input.number, iccid: input.iccid ?? "", tipo: input.rechargeType, token: input.captchaToken ?? "" },
    schema: serviceProfileWire,
    messages: { 400: lineNumberMessages[400], 412: "recharge:replacement.wrongType.default", 500: "recharge:replacement.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (result.data.status !== 0) {
    return refuse(call, replacementMessageKey(result.data.status, input.rechargeType), String(result.data.status), { upstreamMessage: result.data.message });
  }
  return ok({ allowed: true as const }, result.status);
}

const baitProfileWire = z
  .object({ success: z.boolean(), perfil: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(), estatus: z.string().optional(), mensaje: z.string().optional() })
  .transform((wire) => ({
    found: wire.success && wire.perfil !== undefined,
    profile: wire.perfil === undefined ? undefined : (["mbb", "hbb", "mifi"] as const)[wire.perfil - 1],
    status: wire.estatus,
    message: wire.mensaje,
  }));

/** POST /api/core/servicio/perfil/bait: the profile code (1/2/3) and status of a Bait number. */
export async function getBaitProfile(number: string): Promise<UpstreamResult<{ profile: LineProfile; status?: string }>> {
  const call = "core.baitProfile";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/servicio/perfil/bait",
    body: { numero: number },
    schema: baitProfileWire,
    messages: lineNumberKeys,
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.found || !result.data.profile) return refuse(call, lineNumberMessages[412], "notBait", { upstreamMessage: result.data.message });
  return ok({ profile: result.data.profile, status: result.data.status }, result.status);
}

// ---------------------------------------------------------------------------------------------
// Recharge history and payment start

const historyItemWire = z
  .object({
    amount: z.number(),
    applicationDate: z.string(),
    rechargeApplied: z.boolean(),
    orderID: z.string(),
    status: z.string(),
    offeringID: z.string(),
    uuid: z.string(),
  })
  .transform((item) => ({
    uuid: item.uuid,
    orderId: item.orderID,
    offeringId: item.offeringID,
    /** Pesos: the upstream sends cents (SPEC §9: divided by 100 and rounded). */
    amount: Math.round(item.amount / 100),
    appliedAt: item.applicationDate,
    applied: item.rechargeApplied,
    status: item.status,
  }));
const historyWire = z.object({ items: z.array(historyItemWire) });
export type RechargeHistoryEntry = z.output<typeof historyItemWire>;

/**
 * GET /api/core/q/{id}/recharges?limit: the latest recharges of a line, newest first.
 * A 412 (the upstream keeps no history for the number) is `recharge:history.lineNotFound`;
 * the recharge flow goes on after it (SPEC §4), after any other failure it stops.
 */
export async function getRechargeHistory(number: string, limit = 10): Promise<UpstreamResult<RechargeHistoryEntry[]>> {
  const result = await upstreamFetch({
    call: "core.rechargeHistory",
    upstream: "core",
    path: `/api/core/q/${encodeURIComponent(number)}/recharges`,
    query: { limit },
    schema: historyWire,
    messages: { 400: "recharge:history.error", 404: "recharge:history.error", 412: "recharge:history.lineNotFound", 500: "recharge:history.error", 502: "recharge:history.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const newestFirst = [...result.data.items].sort((a, b) => Date.parse(b.appliedAt) - Date.parse(a.appliedAt));
  return ok(newestFirst, result.status);
}

/** The recharge flow asks before paying when the newest entry is still not applied (SPEC §4/§8). */
export const hasPendingRecharge = (history: RechargeHistoryEntry[]) => {
  const newest = history[0];
  return Boolean(newest && (newest.status === "not_applicated" || !newest.applied));
};

const startPaymentWire = z
  .object({ success: z.boolean(), llavero: z.string().optional(), ordCliente: z.string().optional(), mensaje: z.string().optional(), message: z.string().optional() })
  .transform((wire) => ({ success: wire.success, keyring: wire.llavero, orderId: wire.ordCliente, message: wire.mensaje ?? wire.message }));

/**
 * POST /api/core/servicio/resources/pagos/recarga: opens a secure recharge payment and answers
 * the payment plugin's `llavero` and the order id. Never retried: a second POST is a second order.
 */
export async function startRechargePayment(input: {
  number: string;
  serviceNumber?: string;
  email: string;
  offerId: string;
  rechargeType: number;
  channel: "general" | "associates" | "captacion" | "esim";
}): Promise<UpstreamResult<{ keyring: string; orderId: string }>> {
  const call = "core.startRechargePayment";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/servicio/resources/pagos/recarga",
    body: { numero: input.number, servicio: input.serviceNumber ?? "", correo: input.email, oferta: input.offerId, tipo: input.rechargeType, canal: input.channel },
    schema: startPaymentWire,
    messages: { 400: "recharge:payment.unavailable", 412: lineNumberMessages[412], 500: "recharge:payment.unavailable", 502: "recharge:payment.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const { success, keyring, orderId, message } = result.data;
  if (!success || !keyring || !orderId) return refuse(call, "recharge:payment.unavailable", "refused", { upstreamMessage: message });
  return ok({ keyring, orderId }, result.status);
}

// ---------------------------------------------------------------------------------------------
// Devices

const validateImeiWire = z
  .object({ supportEsim: z.boolean(), homologated: z.string() })
  .transform((wire) => ({
    supportsEsim: wire.supportEsim,
    /** HOMOLOGADOS O VOLTE: works on the network; VOZAPP: works through the VozAPP app. */
    network: wire.homologated === "HOMOLOGADOS O VOLTE" ? ("compatible" as const) : wire.homologated === "VOZAPP" ? ("vozapp" as const) : ("incompatible" as const),
  }));
export type DeviceCheck = z.output<typeof validateImeiWire>;

const deviceMessages = { 400: "recharge:device.noEsim", 500: "recharge:device.serverError", 502: "recharge:device.serverError" } as const;

/** POST /api/core/api/validate/IMEI: network and eSIM support of a device. */
export function validateImei(imei: string): Promise<UpstreamResult<DeviceCheck>> {
  return upstreamFetch({
    call: "core.validateImei",
    upstream: "core",
    method: "POST",
    path: "/api/core/api/validate/IMEI",
    body: { IMEI: imei },
    schema: validateImeiWire,
    messages: deviceMessages,
    errorSchema: errorBody,
  });
}

/** The catalogue key that tells the customer what a device check means (SPEC §8). */
export function deviceMessageKey(check: DeviceCheck): string {
  if (check.network === "incompatible") return "recharge:device.incompatible";
  if (check.network === "vozapp") return "recharge:device.vozapp";
  return check.supportsEsim ? "recharge:device.compatible" : "recharge:device.noEsim";
}

const compatibilityWire = z
  .object({ success: z.boolean(), isCompatible: z.boolean().optional(), supportEsim: z.boolean().optional(), message: z.string().optional(), mensaje: z.string().optional() })
  .transform((wire) => ({ success: wire.success, compatible: wire.isCompatible ?? false, supportsEsim: wire.supportEsim ?? false, message: wire.message ?? wire.mensaje }));

/**
 * POST /api/core/captacion/imei/verificacion: the contact flow's compatibility check.
 * `success: false` is a refusal with `recharge:device.incompatible` and the upstream's message.
 */
export async function checkImeiCompatibility(imei: string): Promise<UpstreamResult<{ compatible: boolean; supportsEsim: boolean; message?: string }>> {
  const call = "core.imeiCompatibility";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/captacion/imei/verificacion",
    body: { imei },
    schema: compatibilityWire,
    messages: deviceMessages,
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const { success, ...device } = result.data;
  if (!success) return refuse(call, "recharge:device.incompatible", "incompatible", { upstreamMessage: device.message });
  return ok(device, result.status);
}

// ---------------------------------------------------------------------------------------------
// Area codes (NIR)

const areaCodesWire = z
  .object({ success: z.boolean(), nirs: z.array(z.object({ nir: z.string().regex(/^\d{2,3}$/), nombre: z.string(), estado: z.string() })) })
  .transform((wire) => wire.nirs.map((nir) => ({ areaCode: nir.nir, name: nir.nombre, state: nir.estado })));
export type AreaCode = z.output<typeof areaCodesWire>[number];

/** GET /api/core/servicio/nirs/disponibles: the area codes a number can move to. */
export function getAreaCodes(): Promise<UpstreamResult<AreaCode[]>> {
  return upstreamFetch({ call: "core.areaCodes", upstream: "core", path: "/api/core/servicio/nirs/disponibles", schema: areaCodesWire, messages: { 500: "recharge:areaCode.unavailable", 502: "recharge:areaCode.unavailable" }, errorSchema: errorBody });
}

/** Why an area-code change is refused (SPEC §8), as the upstream's `codigo`. */
export const areaCodeRefusals = nirReasons.filter((reason) => reason !== "412") as ["mifi", "mbb", "status", "idle", "predeactivate", "b2b"];

const changeAreaCodeWire = z.object({
  success: z.boolean(),
  codigo: z.enum(areaCodeRefusals).optional(),
  numero: z.string().optional(),
  mensaje: z.string().optional(),
});

/**
 * POST /api/core/servicio/cambio-nir { dn, nir }: moves a number to another area code and
 * answers the new number. Refusals carry `reason` = the upstream's `codigo`.
 */
export async function changeAreaCode(input: { number: string; areaCode: string }): Promise<UpstreamResult<{ newNumber: string }>> {
  const call = "core.changeAreaCode";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/servicio/cambio-nir",
    body: { dn: input.number, nir: input.areaCode },
    schema: changeAreaCodeWire,
    messages: { 400: lineNumberMessages[400], 412: nirErrorKey(412), 500: "errors:upstream.unavailable", 502: "errors:upstream.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const { success, codigo, numero, mensaje } = result.data;
  if (!success || !numero) return refuse(call, nirErrorKey(codigo ?? "default"), codigo ?? "default", { upstreamMessage: mensaje });
  return ok({ newNumber: numero }, result.status);
}

// ---------------------------------------------------------------------------------------------
// Captación: journey, leads, WhatsApp opt-in

/** The journey and lead answers are not read by the app (SPEC §7); any JSON object will do. */
const acknowledgementWire = z.object({ success: z.boolean().optional() }).loose();

/**
 * GET /api/core/captacion/journey/{uuid}/update/{event}/{check}: records a journey step.
 * The answer is not read; a failure is logged by `upstreamFetch` and the caller goes on.
 */
export async function recordJourneyStep(input: { uuid: string; event: string; check: string | boolean }): Promise<UpstreamResult<null>> {
  const result = await upstreamFetch({
    call: "core.journeyStep",
    upstream: "core",
    path: `/api/core/captacion/journey/${encodeURIComponent(input.uuid)}/update/${encodeURIComponent(input.event)}/${encodeURIComponent(String(input.check))}`,
    schema: acknowledgementWire,
  });
  return result.ok ? ok(null, result.status) : result;
}

export type Campaign = { campaign?: string; content?: string; medium?: string; source?: string };

/** Sent with the lead: which site and service the lead comes from (SPEC §7 names the headers, not their values). */
export const LEAD_HEADERS = { Ordaccess: "web", Ordservicio: "captacion" } as const;

/**
 * POST /api/core/captacion/contacto: a "switch to Bait" lead. `channel` "whatsapp" sends
 * tipo 2, "phone" tipo 1 (SPEC §4).
 */
export async function sendContactLead(input: { name: string; phone: string; channel: "whatsapp" | "phone"; compatible?: boolean; campaign?: Campaign }): Promise<UpstreamResult<null>> {
  const call = "core.contactLead";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/captacion/contacto",
    headers: { ...LEAD_HEADERS },
    body: {
      campania: { campaign: input.campaign?.campaign ?? "", content: input.campaign?.content ?? "", medium: input.campaign?.medium ?? "", source: input.campaign?.source ?? "" },
      persona: { compatible: input.compatible ?? true, nombre: input.name, telefono: input.phone, tipo: input.channel === "whatsapp" ? 2 : 1 },
    },
    schema: acknowledgementWire,
    messages: { 400: "recharge:lead.invalid", 500: "recharge:lead.error", 502: "recharge:lead.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (result.data.success === false) return refuse(call, "recharge:lead.error", "refused");
  return ok(null, result.status);
}

const successWire = z.object({ success: z.boolean(), message: z.string().optional(), mensaje: z.string().optional() });

/** POST /api/core/subscribe/opt-in/whatsapp { dn }: the customer agrees to WhatsApp messages. */
export async function optInWhatsapp(number: string): Promise<UpstreamResult<null>> {
  const call = "core.whatsappOptIn";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/subscribe/opt-in/whatsapp",
    body: { dn: number },
    schema: successWire,
    messages: { 400: lineNumberMessages[400], 412: lineNumberMessages[412], 500: "recharge:optIn.error", 502: "recharge:optIn.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.success) return refuse(call, "recharge:optIn.error", "refused", { upstreamMessage: result.data.message ?? result.data.mensaje });
  return ok(null, result.status);
}

// ---------------------------------------------------------------------------------------------
// Billing (CFDI)

const catalogueWire = z
  .object({ success: z.boolean(), data: z.array(z.object({ clave: z.string().min(1), descripcion: z.string().min(1) })) })
  .transform((wire) => wire.data.map((entry) => ({ id: entry.clave, name: entry.descripcion })));
export type BillingOption = z.output<typeof catalogueWire>[number];

export const billingLists = {
  taxRegimes: "tax-regime-list",
  cfdiUses: "cfdi-usage-list",
  paymentForms: "payment-method-list",
  paymentMethods: "recharge-method-list",
} as const;
export type BillingList = keyof typeof billingLists;

/** GET /api/core/billing/{list}: a SAT catalogue for the invoice form. */
export function getBillingCatalogue(list: BillingList): Promise<UpstreamResult<BillingOption[]>> {
  return upstreamFetch({
    call: `core.billing.${list}`,
    upstream: "core",
    path: `/api/core/billing/${billingLists[list]}`,
    schema: catalogueWire,
    messages: { 500: "recharge:billing.catalogueError", 502: "recharge:billing.catalogueError" },
    errorSchema: errorBody,
  });
}

const registerBillWire = z
  .object({ success: z.boolean(), folio: z.string().optional(), message: z.string().optional(), mensaje: z.string().optional() })
  .transform((wire) => ({ success: wire.success, folio: wire.folio, message: wire.message ?? wire.mensaje }));

export type BillRequest = {
  number: string;
  orderId: string;
  rfc: string;
  businessName: string;
  postalCode: string;
  taxRegime: string;
  cfdiUse: string;
  paymentForm: string;
  paymentMethod: string;
  email: string;
};

/** POST /api/core/billing/register-bill: asks for the CFDI of a recharge; answers its folio. */
export async function registerBill(input: BillRequest): Promise<UpstreamResult<{ folio: string }>> {
  const call = "core.billing.registerBill";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/billing/register-bill",
    body: {
      dn: input.number,
      orderID: input.orderId,
      rfc: input.rfc,
      razonSocial: input.businessName,
      codigoPostal: input.postalCode,
      regimenFiscal: input.taxRegime,
      usoCfdi: input.cfdiUse,
      formaPago: input.paymentForm,
      metodoPago: input.paymentMethod,
      correo: input.email,
    },
    schema: registerBillWire,
    messages: { 400: "recharge:billing.invalid", 404: "recharge:billing.orderNotFound", 500: "recharge:billing.error", 502: "recharge:billing.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.success || !result.data.folio) return refuse(call, "recharge:billing.error", "refused", { upstreamMessage: result.data.message });
  return ok({ folio: result.data.folio }, result.status);
}

/** The wire schemas, for the mock's contract tests. */
export const coreWireSchemas = {
  lineProfile: lineProfileWire,
  serviceProfile: serviceProfileWire,
  baitProfile: baitProfileWire,
  rechargeHistory: historyWire,
  startRechargePayment: startPaymentWire,
  validateImei: validateImeiWire,
  imeiCompatibility: compatibilityWire,
  areaCodes: areaCodesWire,
  changeAreaCode: changeAreaCodeWire,
  acknowledgement: acknowledgementWire,
  whatsappOptIn: successWire,
  billingCatalogue: catalogueWire,
  registerBill: registerBillWire,
  error: errorBody,
};
