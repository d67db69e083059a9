import * as z from "zod";
import { envelopeSchema, openReply, seal, sealedReplySchema, type Envelope } from "./crypto.server";
import { env } from "~/lib/env.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";

/**
 * The payments upstream (SPEC §3, §7): the payment plugin's set-up, the charge, and recurring
 * recharges.
 *
 * Encryption (crypto.server.ts documents the envelope):
 * 1. GET /servicio/angular/llave → `{ success, llave }`, the payments host's public key (PEM).
 * 2. POST /servicio/angular/plugin with `{ data: envelope }`, the sale's JSON sealed for that key.
 *    The answer's `informacion` is a sealed reply (the envelope without `key`), sealed with the
 *    request's AES key, so only this server can read it. Inside: the provider, its public key
 *    (`proveedor.publico`), the form's origin and the plugin's configuration.
 * 3. POST /servicio/angular/{channel}/{providerType}/cobrar with `data` = the card and billing
 *    address sealed for `proveedor.publico` (by the browser, which we then only relay, or here
 *    when JavaScript is off); `extra` (the sale), `info` (shipping) and `meta` go in clear, as the
 *    provider reads them for its receipts. A hosted-card token or an approved PayPal order pays
 *    through `meta.token`, and `data` then carries no card.
 *
 * Provider types (plugin `proveedor.tipo`): 1 our card form; 2 the provider's hosted card fields
 * in an iframe at `proveedor.api`, which hand back a token; 3 PayPal: POST …/3/orden creates an
 * order, the buyer approves it at PayPal, /cobrar with the order id captures it.
 *
 * The POSTs that move money (/cobrar, /orden) carry an `Idempotency-Key` header.
 *
 * Results: `ok: true` with an English domain type when the flow may go on; `ok: false` with a
 * catalogue key when it must stop. A business refusal (`success: false`) is `kind: "http"` with
 * the answer's status (200) and the upstream's `mensaje` in `upstreamMessage` (a declined card's
 * message is shown as the provider wrote it). A malformed answer or a 5xx becomes the call's own
 * SPEC §8 message (set-up: 'Hubo un error al obtener la información del cliente…'; charge: 'Lo
 * sentimos, se ha tenido un problema al procesar tu pago.'); a timeout or network error keeps
 * the generic key, except for the charge, where it means "we do not know whether you paid".
 */

// ——— Shared bits ———

const tenDigits = z.string().regex(/^\d{10}$/);
const errorBody = z.object({ mensaje: z.string().optional(), message: z.string().optional() });

export const paymentChannel = z.enum(["general", "associates", "captacion", "esim"]);
export type PaymentChannel = z.infer<typeof paymentChannel>;

export const paymentKeys = {
  failed: "payment:payment.failed",
  unavailable: "payment:payment.unavailable",
  setupFailed: "payment:payment.setupFailed",
  outcomeUnknown: "payment:payment.outcomeUnknown",
  recurringFailed: "payment:recurring.failed",
} as const;

/** A recurrence the upstream does not know, or a request it refuses, is the recurrence's own failure. */
const recurrenceMessages = { 400: paymentKeys.recurringFailed, 404: paymentKeys.recurringFailed };

/** A malformed answer or a 5xx gets the call's own message; the rest keeps the generic key. */
function withCallKey<T>(result: UpstreamResult<T>, key: string): UpstreamResult<T> {
  if (result.ok) return result;
  const { error } = result;
  if (error.kind === "invalidResponse" || (error.kind === "http" && (error.status ?? 0) >= 500)) {
    return { ok: false, error: new UpstreamError(error.call, error.kind, key, error.status, error.upstreamMessage) };
  }
  return result;
}

function refused(call: string, key: string, status: number, message?: string | null): { ok: false; error: UpstreamError } {
  console.error(`[upstream] ${call}: rechazado: ${message ?? "sin mensaje"}`);
  return { ok: false, error: new UpstreamError(call, "http", key, status, message ?? undefined) };
}

function invalid(call: string, key: string, reason: string, status?: number): { ok: false; error: UpstreamError } {
  console.error(`[upstream] ${call}: ${reason}`);
  return { ok: false, error: new UpstreamError(call, "invalidResponse", key, status) };
}

// ——— 1. The payments host's public key ———

export const hostKeyResponse = z.object({ success: z.boolean(), llave: z.string().includes("BEGIN PUBLIC KEY") });

/** GET {payments}/servicio/angular/llave. */
export async function getPaymentsHostKey(): Promise<UpstreamResult<string>> {
  const result = await upstreamFetch({ call: "payments.hostKey", upstream: "payments", path: "/servicio/angular/llave", schema: hostKeyResponse });
  if (!result.ok) return withCallKey(result, paymentKeys.setupFailed);
  return { ok: true, status: result.status, data: result.data.llave };
}

// ——— 2. Plugin set-up ———

/** The sealed JSON of the plugin request. */
export const pluginRequestPayload = z.object({
  tienda: z.string().min(1),
  canal: paymentChannel,
  telefono: tenDigits,
  /** MXN; for a SIM, the shipping cost is already added. */
  precio: z.number().nonnegative(),
  correo: z.email(),
});
export const pluginRequest = z.object({ data: envelopeSchema });
export const pluginResponse = z.object({ success: z.boolean(), informacion: sealedReplySchema.nullish(), mensaje: z.string().nullish() });

/** What `informacion` holds once opened. */
export const pluginInfo = z.object({
  cliente: z.object({ canal: paymentChannel, tienda: z.string().min(1) }),
  proveedor: z.object({
    /** 1 card form with postal-code lookup, 2 hosted card iframe with tokenisation, 3 PayPal. */
    tipo: z.literal([1, 2, 3]),
    api: z.string(),
    env: z.string(),
    publico: z.string().includes("BEGIN PUBLIC KEY"),
  }),
  form: z.object({ origen: z.string().min(1) }),
  /** The card form asks for the billing address (with the postal-code lookup). */
  direcciones: z.boolean(),
  config: z.object({
    info: z.object({
      apiCliente: z.string(),
      apiPage: z.string(),
      llavero: z.string(),
      /** A details step (1 of 2) before the summary. */
      detalle: z.boolean(),
      estilo: z
        .object({
          loader: z.object({ texto: z.string() }).optional(),
          boton: z.object({ fuente: z.string(), fondo: z.string(), color: z.string(), texto: z.string(), bordeRadius: z.string() }).partial().optional(),
        })
        .optional(),
      legales: z.array(z.object({ tipo: z.literal([1, 2]), texto: z.string() })),
    }),
    data: z.object({ precio: z.number(), envio: z.number(), total: z.number() }),
  }),
});
export type PluginInfo = z.infer<typeof pluginInfo>;

export type ProviderKind = "card" | "hostedCard" | "paypal";
const providerKinds = { 1: "card", 2: "hostedCard", 3: "paypal" } as const satisfies Record<1 | 2 | 3, ProviderKind>;

export type PluginSetup = {
  client: { channel: PaymentChannel; store: string };
  provider: { kind: ProviderKind; typeCode: 1 | 2 | 3; api: string; env: string; publicKey: string };
  formOrigin: string;
  asksAddress: boolean;
  config: {
    apiClient: string;
    apiPage: string;
    keychain: string;
    detailsStep: boolean;
    loaderText?: string;
    button?: { font?: string; background?: string; color?: string; text?: string; borderRadius?: string };
    legal: { kind: "privacy" | "terms"; text: string }[];
  };
  amount: { price: number; shipping: number; total: number };
};

export type PluginSetupInput = { store: string; channel: PaymentChannel; phone: string; price: number; email: string; shippingCost?: number };

/** POST {payments}/servicio/angular/plugin, after fetching the host's key. */
export async function setUpPaymentPlugin(input: PluginSetupInput): Promise<UpstreamResult<PluginSetup>> {
  const call = "payments.plugin";
  const key = await getPaymentsHostKey();
  if (!key.ok) return key;

  const payload = pluginRequestPayload.safeParse({
    tienda: input.store,
    canal: input.channel,
    telefono: input.phone,
    precio: input.price + (input.shippingCost ?? 0),
    correo: input.email,
  });
  if (!payload.success) {
    console.error(`[upstream] ${call}: datos de la venta inválidos en «${payload.error.issues[0]?.path.join(".")}»`);
    return { ok: false, error: new UpstreamError(call, "http", paymentKeys.setupFailed, 400) };
  }
  const sealed = seal(payload.data, key.data);
  if (!sealed.ok) return invalid(call, paymentKeys.setupFailed, `llave del host inutilizable: ${sealed.reason}`);

  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "POST",
    path: "/servicio/angular/plugin",
    body: { data: sealed.value.envelope } satisfies z.infer<typeof pluginRequest>,
    schema: pluginResponse,
    errorSchema: errorBody,
    messages: { 400: paymentKeys.setupFailed, 404: paymentKeys.setupFailed },
  });
  if (!result.ok) return withCallKey(result, paymentKeys.setupFailed);
  const { success, informacion, mensaje } = result.data;
  if (!success || !informacion) return refused(call, paymentKeys.setupFailed, result.status, mensaje);

  const opened = openReply(informacion, sealed.value.sessionKey);
  if (!opened.ok) return invalid(call, paymentKeys.setupFailed, `informacion no se pudo descifrar: ${opened.reason}`, result.status);
  const info = pluginInfo.safeParse(opened.value);
  if (!info.success) {
    const issue = info.error.issues[0];
    return invalid(call, paymentKeys.setupFailed, `respuesta inválida en «informacion.${issue?.path.join(".")}»: ${issue?.message}`, result.status);
  }
  return { ok: true, status: result.status, data: toPluginSetup(info.data) };
}

function toPluginSetup(info: PluginInfo): PluginSetup {
  const { estilo } = info.config.info;
  return {
    client: { channel: info.cliente.canal, store: info.cliente.tienda },
    provider: { kind: providerKinds[info.proveedor.tipo], typeCode: info.proveedor.tipo, api: info.proveedor.api, env: info.proveedor.env, publicKey: info.proveedor.publico },
    formOrigin: info.form.origen,
    asksAddress: info.direcciones,
    config: {
      apiClient: info.config.info.apiCliente,
      apiPage: info.config.info.apiPage,
      keychain: info.config.info.llavero,
      detailsStep: info.config.info.detalle,
      loaderText: estilo?.loader?.texto,
      button: estilo?.boton && {
        font: estilo.boton.fuente,
        background: estilo.boton.fondo,
        color: estilo.boton.color,
        text: estilo.boton.texto,
        borderRadius: estilo.boton.bordeRadius,
      },
      legal: info.config.info.legales.map((legal) => ({ kind: legal.tipo === 1 ? "privacy" : "terms", text: legal.texto })),
    },
    amount: { price: info.config.data.precio, shipping: info.config.data.envio, total: info.config.data.total },
  };
}

// ——— 3. Charge ———

const card = z.object({
  numero: z.string().regex(/^\d{13,16}$/),
  mes: z.string().regex(/^(0[1-9]|1[0-2])$/),
  anio: z.string().regex(/^\d{2}(\d{2})?$/),
  clave: z.string().regex(/^\d{3,4}$/),
});

/**
 * The sealed card and billing data of /cobrar. `tarjeta` is absent when a token pays (hosted card
 * or PayPal): the provider already holds the card or the payer, so the holder's name may be empty
 * too; with a card, the name and surname are required.
 */
export const chargeData = z
  .object({
    divisa: z.literal("MXN"),
    nombre: z.string(),
    apellido: z.string(),
    direccion: z.string(),
    /** "00" when no colonia applies (SPEC §3 default). */
    colonia: z.string(),
    codigoPostal: z.string(),
    ciudad: z.string(),
    estado: z.string(),
    pais: z.string(),
    tarjeta: card.optional(),
  })
  .refine((data) => !data.tarjeta || (data.nombre.trim() !== "" && data.apellido.trim() !== ""), {
    path: ["nombre"],
    message: "el nombre y el apellido del titular son obligatorios con una tarjeta",
  });
export type ChargeData = z.infer<typeof chargeData>;

export const saleExtra = z.object({
  uuid: z.string().min(1),
  precio: z.number().nonnegative(),
  cantidad: z.literal(1),
  total: z.number().nonnegative(),
  vigencia: z.string(),
  telefono: tenDigits,
  nombre: z.string(),
  correo: z.email(),
  descripcion: z.string(),
  logged: z.enum(["Si", "No"]),
  /** The offer's id (offeringId). */
  referencia1: z.string().min(1),
  /** The line's category for recurrences: mbb, hbb or mifi. */
  referencia5: z.string().optional(),
  campania: z.object({ campaign: z.string().optional(), content: z.string().optional(), medium: z.string().optional(), source: z.string().optional() }).optional(),
});

export const shippingInfo = z.object({
  nombreContacto: z.string(),
  apellidoContacto: z.string(),
  telefono: tenDigits,
  correo: z.email(),
  calle: z.string(),
  exterior: z.string(),
  interior: z.string().optional(),
  ciudad: z.string(),
  codigoPostal: z.string().regex(/^\d{5}$/),
  colonia: z.string(),
  municipio: z.string(),
  estado: z.string(),
  pais: z.string(),
  costo: z.number().nonnegative(),
});

export const chargeRequest = z.object({
  data: envelopeSchema,
  extra: saleExtra,
  info: shippingInfo.nullable(),
  /** `token`: a hosted-card token (`tok_…`) or an approved PayPal order id; null when `data` carries the card. */
  meta: z.object({ token: z.string().nullable(), recurrente: z.boolean() }),
});
export type ChargeRequest = z.infer<typeof chargeRequest>;
export const chargeResponse = z.object({ success: z.boolean(), mensaje: z.string().nullish(), orden: z.string().nullish() });

/** The header that makes a POST that moves money safe to repeat: one key, at most one charge or order. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export type Card = { number: string; month: string; year: string; cvv: string };
export type CardHolder = { firstName: string; lastName: string };
export type BillingAddress = { address: string; colonia?: string; postalCode: string; city: string; state: string; country: string };
export type Sale = {
  uuid: string;
  price: number;
  total: number;
  validity: string;
  phone: string;
  name: string;
  email: string;
  description: string;
  loggedIn?: boolean;
  offerId: string;
  lineCategory?: "mbb" | "hbb" | "mifi";
  campaign?: { campaign?: string; content?: string; medium?: string; source?: string };
};
export type Shipping = {
  contactName: string;
  contactLastName: string;
  phone: string;
  email: string;
  street: string;
  exteriorNumber: string;
  interiorNumber?: string;
  city: string;
  postalCode: string;
  colonia: string;
  municipality: string;
  state: string;
  country: string;
  cost: number;
};
export type ChargeInput = {
  setup: Pick<PluginSetup, "client" | "provider" | "formOrigin">;
  /** Exactly one of: `data` (the server seals it at once, no-JS path), `sealedData` (sealed in the browser, relayed as is), or neither when `token` pays (hosted card / PayPal). */
  data?: ChargeData;
  sealedData?: Envelope;
  /** Used to build `data` for token payments (no tarjeta). */
  holder?: CardHolder;
  billing?: BillingAddress;
  sale: Sale;
  shipping?: Shipping;
  /** Hosted-card token or approved PayPal order id → meta.token. */
  token?: string;
  recurring?: boolean;
  /** One key per payment attempt; sent as header `Idempotency-Key`. The same key never charges twice. */
  idempotencyKey: string;
};
export type ChargeOutcome = { message: string | null; orderId: string | null };

/**
 * The `data` object of /cobrar: the holder, the billing address and, for a card typed on our
 * form, the card. A token payment passes no card (and may pass no holder or address: the
 * provider already has them), which leaves the names empty and the address blank with the
 * SPEC §3 default colonia "00".
 */
export function buildChargeData(holder: CardHolder | undefined, billing: BillingAddress | undefined, card?: Card): ChargeData {
  return {
    divisa: "MXN",
    nombre: holder?.firstName ?? "",
    apellido: holder?.lastName ?? "",
    direccion: billing?.address ?? "",
    colonia: billing?.colonia || "00",
    codigoPostal: billing?.postalCode ?? "",
    ciudad: billing?.city ?? "",
    estado: billing?.state ?? "",
    pais: billing?.country ?? "",
    ...(card && { tarjeta: { numero: card.number, mes: card.month, anio: card.year, clave: card.cvv } }),
  };
}

/** A request the app itself got wrong never reaches the provider; the user sees the charge's message. */
function unusable(call: string, reason: string): { ok: false; error: UpstreamError } {
  console.error(`[upstream] ${call}: ${reason}`);
  return { ok: false, error: new UpstreamError(call, "http", paymentKeys.failed, 400) };
}

/** The sale as /cobrar and /orden carry it (`extra`), in clear: the provider prints it on receipts. */
function toSaleExtra(sale: Sale): z.infer<typeof saleExtra> {
  return {
    uuid: sale.uuid,
    precio: sale.price,
    cantidad: 1,
    total: sale.total,
    vigencia: sale.validity,
    telefono: sale.phone,
    nombre: sale.name,
    correo: sale.email,
    descripcion: sale.description,
    logged: sale.loggedIn ? "Si" : "No",
    referencia1: sale.offerId,
    referencia5: sale.lineCategory,
    campania: sale.campaign,
  };
}

function toShippingInfo(shipping: Shipping): z.infer<typeof shippingInfo> {
  return {
    nombreContacto: shipping.contactName,
    apellidoContacto: shipping.contactLastName,
    telefono: shipping.phone,
    correo: shipping.email,
    calle: shipping.street,
    exterior: shipping.exteriorNumber,
    interior: shipping.interiorNumber,
    ciudad: shipping.city,
    codigoPostal: shipping.postalCode,
    colonia: shipping.colonia,
    municipio: shipping.municipality,
    estado: shipping.state,
    pais: shipping.country,
    costo: shipping.cost,
  };
}

/** The `data` envelope of a charge: relayed from the browser, or sealed here for the provider. */
function chargeEnvelope(call: string, input: ChargeInput): { ok: true; envelope: Envelope } | { ok: false; error: UpstreamError } {
  if (input.data && input.sealedData) return unusable(call, "se recibieron data y sealedData a la vez; debe ser uno solo");
  if (input.sealedData) {
    // Sealed in the browser: we cannot (and must not) read it, only check it is an envelope.
    const envelope = envelopeSchema.safeParse(input.sealedData);
    if (!envelope.success) return unusable(call, `sealedData no es un sobre válido en «${envelope.error.issues[0]?.path.join(".")}»`);
    return { ok: true, envelope: envelope.data };
  }
  if (!input.data && !input.token) return unusable(call, "sin data, sealedData ni token: no hay con qué cobrar");
  const data = chargeData.safeParse(input.data ?? buildChargeData(input.holder, input.billing));
  if (!data.success) return unusable(call, `datos de pago inválidos en «${data.error.issues[0]?.path.join(".")}»`);
  const sealed = seal(data.data, input.setup.provider.publicKey);
  if (!sealed.ok) return invalid(call, paymentKeys.failed, `llave del proveedor inutilizable: ${sealed.reason}`);
  return { ok: true, envelope: sealed.value.envelope };
}

/**
 * POST {payments}/servicio/angular/{channel}/{providerType}/cobrar. Never retried here: it moves
 * money. The caller's `idempotencyKey` goes as `Idempotency-Key`, so a repeat of the same attempt
 * (a double submit, a retry after "outcome unknown") gets the first answer instead of a second
 * charge; a new attempt (another card after a decline) needs a new key.
 */
export async function charge(input: ChargeInput): Promise<UpstreamResult<ChargeOutcome>> {
  const call = "payments.charge";
  if (typeof input.idempotencyKey !== "string" || !input.idempotencyKey.trim()) return unusable(call, "falta la llave de idempotencia");
  const envelope = chargeEnvelope(call, input);
  if (!envelope.ok) return envelope;

  const body: ChargeRequest = {
    data: envelope.envelope,
    extra: toSaleExtra(input.sale),
    info: input.shipping ? toShippingInfo(input.shipping) : null,
    meta: { token: input.token ?? null, recurrente: input.recurring ?? false },
  };
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "POST",
    path: `/servicio/angular/${input.setup.client.channel}/${input.setup.provider.typeCode}/cobrar`,
    headers: { customer: input.setup.client.store, origin: input.setup.formOrigin, [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    body,
    schema: chargeResponse,
    errorSchema: errorBody,
    // A charge can take long at the bank; waiting longer beats an "unknown outcome".
    timeoutMs: env.upstreamTimeoutMs * 3,
    messages: { 400: paymentKeys.failed, 402: paymentKeys.failed, 409: paymentKeys.failed, 422: paymentKeys.failed },
  });
  if (!result.ok) {
    const { error } = result;
    // The request may have reached the bank: say so instead of inviting a second charge.
    if (error.kind === "timeout" || error.kind === "network") return { ok: false, error: new UpstreamError(call, error.kind, paymentKeys.outcomeUnknown) };
    return withCallKey(result, paymentKeys.failed);
  }
  if (!result.data.success) return refused(call, paymentKeys.failed, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: { message: result.data.mensaje ?? null, orderId: result.data.orden ?? null } };
}

// ——— 3b. PayPal order (provider type 3) ———

/**
 * The PayPal order of a sale. PayPal only sells Bait's recharges and SIMs here as digital goods
 * without shipping (SPEC §9: "PayPal item is digital goods without shipping"); the provider
 * refuses anything else. `retorno` and `cancelacion` are where PayPal sends the browser after
 * the buyer approves (with `?paypal=<order id>` appended) or cancels.
 */
export const paypalOrderRequest = z.object({
  extra: saleExtra,
  articulo: z.object({ tipo: z.literal("DIGITAL_GOODS") }),
  envio: z.literal("NO_SHIPPING"),
  retorno: z.string().min(1),
  cancelacion: z.string().min(1),
});
export type PaypalOrderRequest = z.infer<typeof paypalOrderRequest>;
export const paypalOrderResponse = z.object({
  success: z.boolean(),
  orden: z.string().min(1).nullish(),
  aprobacion: z.string().min(1).nullish(),
  mensaje: z.string().nullish(),
});

export type PaypalOrderInput = {
  setup: Pick<PluginSetup, "client" | "provider" | "formOrigin">;
  sale: Sale;
  /** Where PayPal sends the browser after approval (`?paypal=<order id>` is appended). */
  returnUrl: string;
  /** Where PayPal sends the browser when the buyer cancels. */
  cancelUrl: string;
  idempotencyKey: string;
};
export type PaypalOrder = { orderId: string; approvalUrl: string };

/**
 * POST {payments}/servicio/angular/{channel}/3/orden: creates the PayPal order the buyer then
 * approves at `approvalUrl`; /cobrar with `token` = the order id captures it. Not retried (it
 * creates something); the idempotency key makes a repeat answer the same order.
 */
export async function createPaypalOrder(input: PaypalOrderInput): Promise<UpstreamResult<PaypalOrder>> {
  const call = "payments.paypalOrder";
  if (typeof input.idempotencyKey !== "string" || !input.idempotencyKey.trim()) return unusable(call, "falta la llave de idempotencia");
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "POST",
    path: `/servicio/angular/${input.setup.client.channel}/3/orden`,
    headers: { customer: input.setup.client.store, origin: input.setup.formOrigin, [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    body: {
      extra: toSaleExtra(input.sale),
      articulo: { tipo: "DIGITAL_GOODS" },
      envio: "NO_SHIPPING",
      retorno: input.returnUrl,
      cancelacion: input.cancelUrl,
    } satisfies PaypalOrderRequest,
    schema: paypalOrderResponse,
    errorSchema: errorBody,
    messages: { 400: paymentKeys.failed, 404: paymentKeys.failed, 409: paymentKeys.failed, 422: paymentKeys.failed },
  });
  if (!result.ok) return withCallKey(result, paymentKeys.failed);
  const { success, orden, aprobacion, mensaje } = result.data;
  if (!success) return refused(call, paymentKeys.failed, result.status, mensaje);
  if (!orden || !aprobacion) return invalid(call, paymentKeys.failed, "respuesta sin orden o sin dirección de aprobación", result.status);
  return { ok: true, status: result.status, data: { orderId: orden, approvalUrl: aprobacion } };
}

// ——— 4. Recurring recharges ———

export const wireRecurrence = z.object({
  applicationDate: z.string(),
  associated: z.boolean(),
  duration: z.number(),
  offerId: z.string(),
  offeringID: z.string(),
  orderID: z.string(),
  price: z.number(),
  rechargeApplied: z.boolean(),
  rechargeName: z.string(),
  /** The recurrence's id, used by the /v2/service/recurrence/{recurrence} calls. */
  recurrence: z.string().min(1),
  status: z.string(),
  type: z.number().int(),
  uuid: z.string(),
  validity: z.string(),
  email: z.string(),
  name: z.string(),
  baitNumber: z.string(),
});
export const activeRecurrencesRequest = z.object({ baitNumber: tenDigits.optional(), serviceNumber: tenDigits.optional(), email: z.string().optional() });
export const activeRecurrencesResponse = z.object({ success: z.boolean(), mensaje: z.string().nullish(), recurrencias: z.array(wireRecurrence).default([]) });

export const wireRecurringCharge = z.object({
  dateCreated: z.string(),
  lastChargeDate: z.string().nullable(),
  nextChargeDate: z.string().nullable(),
  cancellationDate: z.string().nullable(),
  /** Cents. */
  amount: z.number(),
  uuid: z.string().min(1),
  /** The line number. */
  reference1: z.string(),
  /** The offer's id. */
  reference2: z.string(),
  /** The customer's e-mail. */
  reference3: z.string(),
  /** The line's category: mbb, hbb or mifi (SPEC §9). */
  reference4: z.string(),
  cardLast: z.string(),
});
export const recurrenceSearchResponse = z.object({ success: z.boolean(), mensaje: z.string().nullish(), recurrencias: z.array(wireRecurringCharge).default([]) });
export const recurrenceAnswer = z.object({ success: z.boolean(), mensaje: z.string().nullish() });
export const deactivateRequest = z.object({ recurrencia: z.string().min(1) });
export const modifyRecurrenceRequest = z.object({
  fechaProxima: z.string(),
  referencia2: z.string(),
  referencia3: z.string(),
  referencia4: z.string(),
  /** Cents (price × 100), as are total and costo. */
  importe: z.number().int(),
  total: z.number().int(),
  costo: z.number().int(),
});

export type Recurrence = {
  id: string;
  uuid: string;
  offerId: string;
  offeringId: string;
  orderId: string;
  rechargeName: string;
  price: number;
  duration: number;
  validity: string;
  type: number;
  status: string;
  associated: boolean;
  applicationDate: string;
  rechargeApplied: boolean;
  email: string;
  name: string;
  baitNumber: string;
};
export type RecurringCharge = {
  id: string;
  createdAt: string;
  lastChargeAt: string | null;
  nextChargeAt: string | null;
  cancelledAt: string | null;
  /** MXN (the wire sends cents). */
  amount: number;
  number: string;
  offerId: string;
  email: string;
  lineCategory: string;
  cardLast: string;
};

const toRecurringCharge = (record: z.infer<typeof wireRecurringCharge>): RecurringCharge => ({
  id: record.uuid,
  createdAt: record.dateCreated,
  lastChargeAt: record.lastChargeDate,
  nextChargeAt: record.nextChargeDate,
  cancelledAt: record.cancellationDate,
  amount: Math.round(record.amount) / 100,
  number: record.reference1,
  offerId: record.reference2,
  email: record.reference3,
  lineCategory: record.reference4,
  cardLast: record.cardLast,
});

/** POST /v2/servicio/{uuid}/recurrencia/activas: the line's active recurrences. `uuid` is the caller's session/visitor uuid. */
export async function listActiveRecurrences(uuid: string, line: { baitNumber?: string; serviceNumber?: string; email?: string }): Promise<UpstreamResult<Recurrence[]>> {
  const call = "payments.activeRecurrences";
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "POST",
    path: `/v2/servicio/${encodeURIComponent(uuid)}/recurrencia/activas`,
    body: line satisfies z.infer<typeof activeRecurrencesRequest>,
    schema: activeRecurrencesResponse,
    errorSchema: errorBody,
    messages: recurrenceMessages,
  });
  if (!result.ok) return withCallKey(result, paymentKeys.recurringFailed);
  if (!result.data.success) return refused(call, paymentKeys.recurringFailed, result.status, result.data.mensaje);
  return {
    ok: true,
    status: result.status,
    data: result.data.recurrencias.map((item) => ({
      id: item.recurrence,
      uuid: item.uuid,
      offerId: item.offerId,
      offeringId: item.offeringID,
      orderId: item.orderID,
      rechargeName: item.rechargeName,
      price: item.price,
      duration: item.duration,
      validity: item.validity,
      type: item.type,
      status: item.status,
      associated: item.associated,
      applicationDate: item.applicationDate,
      rechargeApplied: item.rechargeApplied,
      email: item.email,
      name: item.name,
      baitNumber: item.baitNumber,
    })),
  };
}

async function recurrenceCommand(call: string, options: { method: "POST" | "PATCH" | "DELETE"; path: string; body?: unknown }): Promise<UpstreamResult<{ message: string | null }>> {
  const result = await upstreamFetch({ call, upstream: "payments", ...options, schema: recurrenceAnswer, errorSchema: errorBody, messages: recurrenceMessages });
  if (!result.ok) return withCallKey(result, paymentKeys.recurringFailed);
  if (!result.data.success) return refused(call, paymentKeys.recurringFailed, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: { message: result.data.mensaje ?? null } };
}

/** POST /v2/servicio/{uuid}/recurrencia/desactivar. */
export function deactivateRecurrence(uuid: string, recurrence: string) {
  return recurrenceCommand("payments.deactivateRecurrence", {
    method: "POST",
    path: `/v2/servicio/${encodeURIComponent(uuid)}/recurrencia/desactivar`,
    body: { recurrencia: recurrence } satisfies z.infer<typeof deactivateRequest>,
  });
}

export type RecurrenceOperation = "activate" | "deactivate";

/** PATCH /v2/service/recurrence/{recurrence}/{operation}/{reason}/{criterion}. */
export function setRecurrenceState(recurrence: string, operation: RecurrenceOperation, reason: string, criterion: string) {
  const segments = [recurrence, operation, reason, criterion].map(encodeURIComponent).join("/");
  return recurrenceCommand("payments.recurrenceState", { method: "PATCH", path: `/v2/service/recurrence/${segments}` });
}

export type RecurrenceCriterion = "telefono" | "correo" | "uuid";

/** GET /v2/service/store/{store}/recurrence/search/{criterion}?reference&restriction. */
export async function searchRecurrences(
  store: string,
  criterion: RecurrenceCriterion,
  reference: string,
  restriction: "activas" | "todas" = "activas",
): Promise<UpstreamResult<RecurringCharge[]>> {
  const call = "payments.searchRecurrences";
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    path: `/v2/service/store/${encodeURIComponent(store)}/recurrence/search/${criterion}`,
    query: { reference, restriction },
    schema: recurrenceSearchResponse,
    errorSchema: errorBody,
    messages: recurrenceMessages,
  });
  if (!result.ok) return withCallKey(result, paymentKeys.recurringFailed);
  if (!result.data.success) return refused(call, paymentKeys.recurringFailed, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: result.data.recurrencias.map(toRecurringCharge) };
}

export type RecurrenceChange = { nextChargeDate: string; offerId: string; email: string; lineCategory: "mbb" | "hbb" | "mifi"; price: number; total?: number; cost?: number };

/** PATCH /v2/service/recurrence/{recurrence}/modify; amounts go as cents (SPEC §9). */
export function modifyRecurrence(recurrence: string, change: RecurrenceChange) {
  const cents = (pesos: number) => Math.round(pesos * 100);
  return recurrenceCommand("payments.modifyRecurrence", {
    method: "PATCH",
    path: `/v2/service/recurrence/${encodeURIComponent(recurrence)}/modify`,
    body: {
      fechaProxima: change.nextChargeDate,
      referencia2: change.offerId,
      referencia3: change.email,
      referencia4: change.lineCategory,
      importe: cents(change.price),
      total: cents(change.total ?? change.price),
      costo: cents(change.cost ?? change.price),
    } satisfies z.infer<typeof modifyRecurrenceRequest>,
  });
}

/** DELETE /v2/service/recurrence/{recurrence}/cancel. */
export function cancelRecurrence(recurrence: string) {
  return recurrenceCommand("payments.cancelRecurrence", { method: "DELETE", path: `/v2/service/recurrence/${encodeURIComponent(recurrence)}/cancel` });
}
