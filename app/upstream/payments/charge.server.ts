import type * as z from "zod";
import { envelopeSchema, seal, type Envelope } from "../crypto.server";
import { env } from "~/lib/env.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody } from "./common.schemas";
import { chargeData, chargeResponse, IDEMPOTENCY_HEADER, type ChargeData, type ChargeRequest, type saleExtra, type shippingInfo } from "./charge.schemas";
import type { PluginSetup } from "./plugin.server";
import { invalid, paymentKeys, refused, unusable, withCallKey } from "./results.server";
import type { LineProfile } from "#schemas/line";

/**
 * The charge (docs/payment.md, spec §7): POST /servicio/angular/{channel}/{providerType}/cobrar with `data` =
 * the card and billing address sealed for the plugin's `proveedor.publico` (by the browser, which
 * we then only relay, or here when JavaScript is off); `extra` (the sale), `info` (shipping) and
 * `meta` go in clear, as the provider reads them for its receipts. A hosted-card token or an
 * approved PayPal order pays through `meta.token`, and `data` then carries no card.
 *
 * The POSTs that move money (/cobrar, and PayPal's /orden) carry an `Idempotency-Key` header.
 */

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
  lineCategory?: LineProfile;
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
  /** Hosted-card token, a kept card's token (with `customer`) or approved PayPal order id → meta.token. */
  token?: string;
  recurring?: boolean;
  /** The signed-in customer's Bait number → meta.cliente: whom a kept card belongs to, or is kept for (kept-cards.server.ts). */
  customer?: string;
  /** Keep the card paid with for `customer` once approved → meta.guardar (the checkout's 'Guardar esta tarjeta…'). */
  keep?: boolean;
  /** The provider's hosted security-code field's single-use token, for a kept card that asks it → meta.verificacion. */
  verification?: string;
  /** One key per payment attempt; sent as header `Idempotency-Key`. The same key never charges twice. */
  idempotencyKey: string;
};
export type ChargeOutcome = { message: string | null; orderId: string | null; activationCode: string | null };

/**
 * The `data` object of /cobrar: the holder, the billing address and, for a card typed on our
 * form, the card. A token payment passes no card (and may pass no holder or address: the
 * provider already has them), which leaves the names empty and the address blank with the
 * docs/payment.md default colonia "00".
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


/** The sale as /cobrar and /orden carry it (`extra`), in clear: the provider prints it on receipts. */
export function toSaleExtra(sale: Sale): z.infer<typeof saleExtra> {
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
    meta: {
      token: input.token ?? null,
      recurrente: input.recurring ?? false,
      ...(input.customer ? { cliente: input.customer } : {}),
      ...(input.keep && input.customer ? { guardar: true } : {}),
      ...(input.verification ? { verificacion: input.verification } : {}),
    },
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
    // 403: a kept card the provider refuses for this customer (its words come in upstreamMessage).
    messages: { 400: paymentKeys.failed, 402: paymentKeys.failed, 403: paymentKeys.failed, 409: paymentKeys.failed, 422: paymentKeys.failed },
  });
  if (!result.ok) {
    const { error } = result;
    // The request may have reached the bank: say so instead of inviting a second charge.
    if (error.kind === "timeout" || error.kind === "network") return { ok: false, error: new UpstreamError(call, error.kind, paymentKeys.outcomeUnknown) };
    return withCallKey(result, paymentKeys.failed);
  }
  if (!result.data.success) return refused(call, paymentKeys.failed, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: { message: result.data.mensaje ?? null, orderId: result.data.orden ?? null, activationCode: result.data.codigoActivacion ?? null } };
}
