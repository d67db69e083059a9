import { randomBytes, randomUUID } from "node:crypto";
import { http, HttpResponse, type RequestHandler } from "msw";
import * as z from "zod";
import { open, sealReply } from "~/upstream/crypto.server";
import { chargeData, chargeRequest, IDEMPOTENCY_HEADER } from "~/upstream/payments/charge.schemas";
import { paymentChannel, tenDigits, type PaymentChannel } from "~/upstream/payments/common.schemas";
import type { WireKeptCard } from "~/upstream/payments/kept-cards.schemas";
import { paypalOrderRequest } from "~/upstream/payments/paypal.schemas";
import { pluginRequest, pluginRequestPayload, type PluginInfo } from "~/upstream/payments/plugin.schemas";
import { demoCards } from "../fixtures/demo";
import { offerById } from "../offers";
import { paymentsHostKeys, providerKeys } from "../payments-keys";
import { isSameOriginPath, PAYPAL_APPROVAL_PATH } from "../provider-pages";
import { switched } from "../switches";
import { lineOf, world } from "../world";
import { sales, type KeptCard, type StoredReply } from "../world-sales";
import { base, firstIssue, readJson, refuse } from "./payments-shared";

export const DECLINED_MESSAGE = "Lo sentimos, se ha tenido un problema al procesar tu pago.";
export const PAYPAL_NOT_APPROVED = "Lo sentimos, PayPal no aprobó el pago.";
/** The provider's words for a kept card (docs/payment.md "Repeat with the kept card"). */
export const KEPT_CARD_MESSAGES = {
  notYours: "Lo sentimos, esa tarjeta no pertenece a tu cuenta. Paga con una tarjeta tuya.",
  gone: "Lo sentimos, esa tarjeta guardada ya no está disponible. Paga con otra tarjeta.",
  expired: "Lo sentimos, tu tarjeta guardada está vencida. Paga con otra tarjeta.",
  cvvMissing: "Lo sentimos, falta confirmar el código de seguridad de tu tarjeta.",
  paysRecurrence: "Esta tarjeta paga tu recarga recurrente. Para olvidarla, cambia la tarjeta de tu recarga recurrente o cancélala en Recargas Recurrentes.",
  notFound: "No encontramos esa tarjeta guardada.",
  forgotten: "Eliminamos la tarjeta de tu cuenta.",
} as const;

type Card = NonNullable<z.infer<typeof chargeData>["tarjeta"]>;
type Decision = { approved: true } | { approved: false; mensaje: string };

/**
 * Which provider the mock plugin hands a sale, chosen by the buyer's e-mail so that parallel
 * tests each pick theirs without a global switch. A tag in the e-mail's local part (before the
 * "@", any case; the first that matches in this order wins):
 *
 * - `+iframe`  → type 2, the hosted card fields at /__mocks/proveedor/campos (tokenisation)
 * - `+paypal`  → type 3, PayPal at /__mocks/paypal (no billing address asked)
 * - `+directo` → type 1, our card form, without the details step
 * - none       → type 1, our card form, with the details step except for an eSIM
 *
 * e.g. `ana+iframe@example.com`, `ana+paypal@example.com`, `ana+directo@example.com`.
 * `api` is a path on the app's own origin for types 2 and 3: in mock mode server/app.ts serves
 * those pages (mocks/provider-pages.ts).
 */
export type MockProvider = { tipo: 1 | 2 | 3; api: string; detalle: boolean; direcciones: boolean };
export function mockProviderFor(email: string, channel: PaymentChannel): MockProvider {
  const local = (email.split("@")[0] ?? "").toLowerCase();
  const detalle = channel !== "esim";
  if (local.includes("+iframe")) return { tipo: 2, api: "/__mocks/proveedor/campos", detalle, direcciones: true };
  if (local.includes("+paypal")) return { tipo: 3, api: "/__mocks/paypal", detalle, direcciones: false };
  if (local.includes("+directo")) return { tipo: 1, api: `${base}/servicio/angular`, detalle: false, direcciones: true };
  return { tipo: 1, api: `${base}/servicio/angular`, detalle, direcciones: true };
}

/** The card provider's decision: the demo cards, a future expiry and a CVV of the brand's length. */
function decide(card: Card): Decision {
  const known = demoCards[card.numero];
  if (!known) return { approved: false, mensaje: "Lo sentimos, tu tarjeta no fue aceptada por el banco emisor. Intenta con otra tarjeta." };
  const year = card.anio.length === 2 ? 2000 + Number(card.anio) : Number(card.anio);
  const month = Number(card.mes);
  const now = new Date();
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { approved: false, mensaje: "Lo sentimos, la fecha de vencimiento de tu tarjeta no es válida." };
  }
  if (card.clave.length !== (known.brand === "amex" ? 4 : 3)) return { approved: false, mensaje: "Lo sentimos, el código de seguridad de tu tarjeta no es válido." };
  if (!known.approved) return { approved: false, mensaje: DECLINED_MESSAGE };
  return { approved: true };
}

// ——— Idempotency: one answer per Idempotency-Key and endpoint ———

/** A repeat of a known key: the stored answer, or a 409 when the key came with another request. Null for a new key. */
function repeated(scope: "cobrar" | "orden", key: string, fingerprint: string): Response | null {
  const stored: StoredReply | undefined = sales.idempotentReplies.get(`${scope} ${key}`);
  if (!stored) return null;
  if (stored.fingerprint !== fingerprint) return refuse("Lo sentimos, esta solicitud de pago ya se usó con otros datos.", 409);
  return HttpResponse.json(stored.body, { status: stored.status });
}

/**
 * Answers and keeps the answer for the key. Only decisions are kept (approved, declined, an
 * order made or refused); a malformed request was never run, so it may be sent again fixed.
 */
function remember(scope: "cobrar" | "orden", key: string, fingerprint: string, status: number, body: Record<string, unknown>): Response {
  sales.idempotentReplies.set(`${scope} ${key}`, { status, body, fingerprint });
  return HttpResponse.json(body, { status });
}

// ——— What pays a charge: a card in `data`, a hosted-card token, or an approved PayPal order ———

type Verdict = {
  decision: Decision;
  /** For a recurrence's record; empty when PayPal paid. */
  cardLast: string;
  /** The card paid with, inside the provider (kept for the customer when asked); none when PayPal paid. */
  card?: KeptCard["card"];
  /** Runs once the charge is approved: a token or an order pays only once. */
  settle: () => void;
};
const nothingToSettle = () => undefined;
const declined = (mensaje: string): Verdict => ({ decision: { approved: false, mensaje }, cardLast: "", settle: nothingToSettle });

// ——— Kept cards: per customer (their Bait number), listed, charged and forgotten ———

const isPast = (card: KeptCard["card"], now = new Date()) => {
  const year = card.anio.length === 2 ? 2000 + Number(card.anio) : Number(card.anio);
  return year < now.getFullYear() || (year === now.getFullYear() && Number(card.mes) < now.getMonth() + 1);
};

/** The customer's recurring recharge (not cancelled) that this card pays, if any: the recurrences keep the card's last 4. */
const recurrenceOf = (kept: KeptCard) =>
  [...world.recurrences.values()].find((recurrence) => recurrence.number === kept.customer && recurrence.status !== "cancelled" && recurrence.cardLast === kept.card.numero.slice(-4));

/** A card kept only for a recurrence is the provider's while that recurrence lasts. */
const isListed = (kept: KeptCard) => kept.origin === "cliente" || Boolean(recurrenceOf(kept));

export function keptCardsOf(customer: string): KeptCard[] {
  return [...sales.keptCards.values()].filter((kept) => kept.customer === customer && isListed(kept)).sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

function toWireKeptCard(kept: KeptCard): WireKeptCard {
  const brand = demoCards[kept.card.numero]?.brand ?? (kept.card.numero.startsWith("4") ? "visa" : /^3[47]/.test(kept.card.numero) ? "amex" : "mastercard");
  return { token: kept.token, marca: brand, ultimos: kept.card.numero.slice(-4), cvvRequerido: kept.cvvRequired, campoCvv: null, recurrente: recurrenceOf(kept)?.status === "active" };
}

/**
 * Keeps the card paid with for the customer (an approved charge with `meta.guardar`, or a
 * recurrence's): the same card again is the same token, moved to the top of the list.
 */
function keepCard(customer: string, card: KeptCard["card"], origin: KeptCard["origin"]) {
  const same = [...sales.keptCards.values()].find((kept) => kept.customer === customer && kept.card.numero === card.numero && kept.card.mes === card.mes && kept.card.anio === card.anio);
  const keptAt = new Date().toISOString();
  if (same) {
    same.keptAt = keptAt;
    if (origin === "cliente") same.origin = "cliente";
    return;
  }
  const token = `kc_${randomBytes(12).toString("hex")}`;
  sales.keptCards.set(token, { token, customer, card: { numero: card.numero, mes: card.mes, anio: card.anio }, origin, cvvRequired: false, keptAt });
}

/**
 * A charge of a kept card: only its own customer's (another's is refused, never charged), only
 * while it is kept, not once expired, with the security code's token when the card asks for one;
 * then the card's own decision (the demo cards: 4000000000000002 is declined).
 */
function keptCardVerdict(token: string, customer: string, verification: string | undefined): { ok: true; verdict: Verdict } | { ok: false; status: number; mensaje: string } {
  const kept = sales.keptCards.get(token);
  if (!kept || !isListed(kept)) return { ok: true, verdict: declined(KEPT_CARD_MESSAGES.gone) };
  if (kept.customer !== customer) return { ok: false, status: 403, mensaje: KEPT_CARD_MESSAGES.notYours };
  if (isPast(kept.card)) return { ok: true, verdict: declined(KEPT_CARD_MESSAGES.expired) };
  if (kept.cvvRequired && !verification) return { ok: true, verdict: declined(KEPT_CARD_MESSAGES.cvvMissing) };
  const known = demoCards[kept.card.numero];
  const decision: Decision = known?.approved ? { approved: true } : { approved: false, mensaje: DECLINED_MESSAGE };
  return { ok: true, verdict: { decision, cardLast: kept.card.numero.slice(-4), card: kept.card, settle: nothingToSettle } };
}

/**
 * Reads `meta.token` and the provider type of the path: `tok_…` is a hosted-card token (type
 * 2); any other token is a PayPal order (type 3); no token needs the card in `data` (type 1, or
 * 2 when the checkout sealed the card itself).
 */
function paymentMethodOf(
  meta: { token: string | null; cliente?: string; verificacion?: string },
  card: Card | undefined,
  providerType: string,
): { ok: true; verdict: (total: number) => Verdict } | { ok: false; mensaje: string; status?: number } {
  const { token } = meta;
  if (token?.startsWith("kc_")) {
    if (providerType !== "2") return { ok: false, mensaje: "Una tarjeta guardada solo se cobra con el proveedor tipo 2" };
    if (!meta.cliente) return { ok: false, mensaje: "Una tarjeta guardada se cobra con meta.cliente, el cliente que la guardó" };
    const kept = keptCardVerdict(token, meta.cliente, meta.verificacion);
    return kept.ok ? { ok: true, verdict: () => kept.verdict } : { ok: false, mensaje: kept.mensaje, status: kept.status };
  }
  if (token?.startsWith("tok_")) {
    if (providerType !== "2") return { ok: false, mensaje: "Un token de tarjeta solo se cobra con el proveedor tipo 2" };
    return { ok: true, verdict: () => cardTokenVerdict(token) };
  }
  if (token) {
    if (providerType !== "3") return { ok: false, mensaje: "Una orden de PayPal solo se cobra con el proveedor tipo 3" };
    return { ok: true, verdict: (total) => paypalVerdict(token, total) };
  }
  if (providerType === "3") return { ok: false, mensaje: "PayPal necesita una orden aprobada en meta.token" };
  if (!card) return { ok: false, mensaje: "Faltan los datos de la tarjeta" };
  return { ok: true, verdict: () => ({ decision: decide(card), cardLast: card.numero.slice(-4), card, settle: nothingToSettle }) };
}

function cardTokenVerdict(token: string): Verdict {
  const stored = sales.cardTokens.get(token);
  if (!stored) return declined("Lo sentimos, los datos de tu tarjeta ya no son válidos. Captúralos de nuevo.");
  if (stored.used) return declined("Lo sentimos, estos datos de tarjeta ya se usaron en otro pago. Captúralos de nuevo.");
  return { decision: decide(stored.card), cardLast: stored.card.numero.slice(-4), card: stored.card, settle: () => (stored.used = true) };
}

function paypalVerdict(orderId: string, total: number): Verdict {
  const order = sales.paypalOrders.get(orderId);
  if (!order) return declined("Lo sentimos, no encontramos tu pago de PayPal.");
  if (order.state === "captured") return declined("Lo sentimos, este pago de PayPal ya se cobró.");
  if (order.state !== "approved") return declined(PAYPAL_NOT_APPROVED);
  if (Math.round(order.amount * 100) !== Math.round(total * 100)) return declined("Lo sentimos, el monto no coincide con tu pago de PayPal.");
  return { decision: { approved: true }, cardLast: "", settle: () => (order.state = "captured") };
}

const days = (count: number) => new Date(Date.now() + count * 24 * 3600 * 1000).toISOString();

/**
 * /cobrar once received and past the switch: the body, a repeated key, the card or token, and
 * the decision with what it does to the world (history, balance, recurrence, eSIM, SIM
 * shipment). Only a decision is kept for the key.
 */
async function decideCharge(request: Request, channel: string, providerType: string, key: string): Promise<Response> {
  const body = chargeRequest.safeParse(await readJson(request));
  if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);

  const { extra, info, meta } = body.data;
  // `payments.chargeLine:<phone>` holds (or fails) one line's charges only, before anything is decided:
  // a test watches its pay button wait while the tests beside it pay at once.
  const forcedLine = await switched("payments.chargeLine", extra.telefono);
  if (forcedLine) return forcedLine;
  // Nothing below awaits: the repeat check and the stored answer cannot interleave with a twin request.
  const fingerprint = JSON.stringify({ channel, providerType, extra, info, meta });
  const repeat = repeated("cobrar", key, fingerprint);
  if (repeat) return repeat;

  const opened = open(body.data.data, providerKeys().privateKeyPem);
  if (!opened.ok) return refuse("No fue posible descifrar los datos de pago", 400);
  const data = chargeData.safeParse(opened.value.payload);
  if (!data.success) return refuse(`Datos de pago inválidos en «${firstIssue(data.error)}»`, 400);

  if (meta.guardar && !meta.cliente) return refuse("Para guardar la tarjeta falta meta.cliente, el cliente para quien se guarda", 400);
  if (meta.guardar && providerType === "3") return refuse("Un pago de PayPal no guarda tarjetas", 400);
  const method = paymentMethodOf(meta, data.data.tarjeta, providerType);
  // A refusal (another customer's card, a malformed request) is not a decision: nothing is charged or kept for the key.
  if (!method.ok) return refuse(method.mensaje, method.status ?? 400);
  const verdict = method.verdict(extra.total);

  const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
  sales.charges.push({ orderId, channel, approved: verdict.decision.approved, phone: extra.telefono, amount: Math.round(extra.total * 100), offerId: extra.referencia1, saleUuid: extra.uuid, at: new Date().toISOString() });
  if (!verdict.decision.approved) return remember("cobrar", key, fingerprint, 200, { success: false, mensaje: verdict.decision.mensaje });
  verdict.settle();
  // 'Guardar esta tarjeta…': the provider keeps the card paid with for the customer.
  if (meta.guardar && meta.cliente && verdict.card) keepCard(meta.cliente, verdict.card, "cliente");

  const line = lineOf(extra.telefono);
  const offer = offerById(extra.referencia1);
  let activationCode: string | undefined;
  if (channel === "esim") {
    sales.sold.add(extra.uuid);
    world.esimPurchases.set(extra.correo, (world.esimPurchases.get(extra.correo) ?? 0) + 1);
    for (const order of sales.esimOrders.values()) if (order.visitor === extra.uuid) order.paid = true;
    // The eSIM's activation code (an LPA string, what the QR encodes); the real upstream e-mails it too.
    activationCode = `LPA:1$smdp.esim.bait.mock$${randomUUID().replaceAll("-", "").slice(0, 24).toUpperCase()}`;
  } else if (channel === "captacion" && info) {
    // A SIM: nothing to apply to a line yet, the warehouse ships it to this address.
    sales.simShipments.push({
      orderId,
      saleUuid: extra.uuid,
      offerId: extra.referencia1,
      phone: info.telefono,
      email: info.correo,
      contact: `${info.nombreContacto} ${info.apellidoContacto}`.trim(),
      postalCode: info.codigoPostal,
      address: {
        street: info.calle,
        exterior: info.exterior,
        interior: info.interior,
        colonia: info.colonia,
        municipality: info.municipio,
        city: info.ciudad,
        state: info.estado,
        country: info.pais,
      },
      at: new Date().toISOString(),
    });
  } else if (line && offer) {
    // A recharge: applied at once in the mock, so the history and the balance show it.
    const history = world.history.get(line.number) ?? [];
    // The entry carries the sale's uuid (SPEC §7), so the sale can be found in the history.
    history.push({ uuid: extra.uuid, orderID: orderId, offeringID: offer.offerId, amount: Math.round(extra.precio * 100), applicationDate: new Date().toISOString(), rechargeApplied: true, status: "applied" });
    world.history.set(line.number, history);
    const balance = world.balances.get(line.number);
    world.balances.set(line.number, {
      mbTotal: (balance?.mbTotal ?? 0) + offer.mbNavigation,
      mbUsed: balance?.mbUsed ?? 0,
      socialTotal: (balance?.socialTotal ?? 0) + offer.mbSocialNetworks,
      socialUsed: balance?.socialUsed ?? 0,
      nextRecharge: days(offer.duration),
      unlimited: balance?.unlimited ?? false,
    });
    if (meta.recurrente) {
      const uuid = randomUUID();
      world.recurrences.set(uuid, {
        uuid,
        number: line.number,
        email: extra.correo,
        name: extra.nombre,
        offerId: offer.offerId,
        offeringID: offer.offerId,
        rechargeName: offer.rechargeName,
        price: offer.price,
        duration: offer.duration,
        type: offer.type,
        status: "active",
        applicationDate: new Date().toISOString(),
        lastChargeDate: new Date().toISOString(),
        nextChargeDate: days(offer.duration),
        cardLast: verdict.cardLast,
      });
      // The provider keeps the card of a recurrence to charge it again: the customer's kept card while it lasts.
      if (verdict.card) keepCard(line.number, verdict.card, "recurrencia");
    }
  }
  return remember("cobrar", key, fingerprint, 200, { success: true, mensaje: "Felicidades, se ha completado tu pago.", orden: orderId, ...(activationCode ? { codigoActivacion: activationCode } : {}) });
}

/** What the provider's record says of the charge sent with this Idempotency-Key: its kept decision, or whether it is being decided. */
function chargeStatusOf(key: string): Record<string, unknown> {
  const stored = sales.idempotentReplies.get(`cobrar ${key}`);
  if (stored) {
    const { success, orden, mensaje, codigoActivacion } = stored.body;
    if (success === true) return { success: true, estado: "aprobado", orden, mensaje, ...(codigoActivacion ? { codigoActivacion } : {}) };
    return { success: true, estado: "rechazado", mensaje };
  }
  return { success: true, estado: sales.chargesInFlight.has(key) ? "en_proceso" : "no_recibido" };
}

/**
 * The checkout's calls to the payments upstream: its public key, the plugin, the charge and the
 * PayPal order, and the charge's status by its Idempotency-Key. The plugin and the charge really
 * decrypt what the app sends (mocks/payments-keys.ts); an approved recharge lands in the line's
 * history and balance (and starts a recurrence when asked), an eSIM marks its sale as sold, a SIM
 * joins `sales.simShipments`. /cobrar and /orden answer a repeated Idempotency-Key with the
 * first answer and do nothing again. GET …/{channel}/cobro/{key} answers aprobado or rechazado
 * from that first answer, en_proceso while a /cobrar with the key is received but undecided
 * (`sales.chargesInFlight`), no_recibido otherwise.
 *
 * Kept cards (docs/payment.md "Repeat with the kept card"), per customer, keyed by the Bait
 * number the app sends (`meta.cliente`, `?cliente=`): an approved charge with `meta.guardar`
 * keeps its card, a recurrence keeps its card while it lasts; GET …/tarjetas lists them (token,
 * brand, last 4), DELETE …/tarjetas/{token} forgets one (not another customer's, 403; not one that
 * pays a recurrence, 409); /cobrar on type 2 with `meta.token` `kc_…` and `meta.cliente` charges
 * one: another customer's is refused (403, nothing charged), an expired one declined, else the
 * card's own decision (4000000000000002 declined, the other demo cards approved).
 */
export const checkout: RequestHandler[] = [
  http.get(`${base}/servicio/angular/llave`, async () => {
    const forced = await switched("payments.hostKey");
    if (forced) return forced;
    return HttpResponse.json({ success: true, llave: paymentsHostKeys().publicKeyPem });
  }),

  http.post(`${base}/servicio/angular/plugin`, async ({ request }) => {
    const forced = await switched("payments.plugin");
    if (forced) return forced;
    const body = pluginRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const opened = open(body.data.data, paymentsHostKeys().privateKeyPem);
    if (!opened.ok) return refuse("No fue posible descifrar la solicitud", 400);
    const sale = pluginRequestPayload.safeParse(opened.value.payload);
    if (!sale.success) return refuse(`Datos de la venta inválidos en «${firstIssue(sale.error)}»`, 400);

    const provider = mockProviderFor(sale.data.correo, sale.data.canal);
    const info: PluginInfo = {
      cliente: { canal: sale.data.canal, tienda: sale.data.tienda },
      proveedor: { tipo: provider.tipo, api: provider.api, env: "sandbox", publico: providerKeys().publicKeyPem },
      form: { origen: `web-${sale.data.canal}` },
      direcciones: provider.direcciones,
      config: {
        info: {
          apiCliente: `${base}/servicio/angular/cliente`,
          apiPage: `${base}/servicio/angular/pagina`,
          llavero: randomUUID(),
          detalle: provider.detalle,
          estilo: { loader: { texto: "Cobrando recarga a tu línea Bait" }, boton: { fuente: "#ffffff", fondo: "#1471CE", color: "#1471CE", texto: "Pagar", bordeRadius: "8px" } },
          legales: [
            { tipo: 1, texto: "He leído y acepto el Aviso de Privacidad" },
            { tipo: 2, texto: "Acepto los Términos y Condiciones" },
          ],
        },
        data: { precio: sale.data.precio, envio: 0, total: sale.data.precio },
      },
    };
    return HttpResponse.json({ success: true, mensaje: "Cliente configurado", informacion: sealReply(info, opened.value.sessionKey) });
  }),

  http.post(`${base}/servicio/angular/:channel/:providerType/cobrar`, async ({ request, params }) => {
    if (!request.headers.get("customer") || !request.headers.get("origin")) return refuse("Faltan los encabezados customer y origin", 400);
    const key = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
    if (!key) return refuse(`Falta el encabezado ${IDEMPOTENCY_HEADER}`, 400);
    // Received before anything can hold it: while a latency switch holds the request, GET
    // …/cobro/{key} answers en_proceso. Out again once it is decided or refused, whatever happens.
    if (!sales.idempotentReplies.has(`cobrar ${key}`)) sales.chargesInFlight.add(key);
    try {
      // A forced answer is the provider failing before it decided: nothing is charged or kept.
      const forced = await switched("payments.charge");
      if (forced) return forced;
      return await decideCharge(request, String(params.channel), String(params.providerType), key);
    } finally {
      sales.chargesInFlight.delete(key);
    }
  }),

  // Not in SPEC §7: the status path the app assumes (docs/upstream.md), to settle a charge whose
  // answer never arrived from the provider's own record instead of charging again.
  http.get(`${base}/servicio/angular/:channel/cobro/:key`, async ({ request, params }) => {
    const forced = await switched("payments.chargeStatus");
    if (forced) return forced;
    if (!paymentChannel.safeParse(params.channel).success) return refuse(`Canal desconocido «${String(params.channel)}»`, 400);
    if (!request.headers.get("customer") || !request.headers.get("origin")) return refuse("Faltan los encabezados customer y origin", 400);
    return HttpResponse.json(chargeStatusOf(String(params.key)));
  }),

  // Not in SPEC §7: the kept cards' paths the app assumes (docs/upstream.md), per customer (their Bait number).
  http.get(`${base}/servicio/angular/tarjetas`, async ({ request }) => {
    const customer = new URL(request.url).searchParams.get("cliente") ?? "";
    const forced = await switched("payments.keptCards", customer);
    if (forced) return forced;
    if (!request.headers.get("customer")) return refuse("Falta el encabezado customer", 400);
    if (!tenDigits.safeParse(customer).success) return refuse("cliente debe ser el número Bait del cliente, 10 dígitos", 400);
    return HttpResponse.json({ success: true, tarjetas: keptCardsOf(customer).map(toWireKeptCard) });
  }),

  http.delete(`${base}/servicio/angular/tarjetas/:token`, async ({ request, params }) => {
    const customer = new URL(request.url).searchParams.get("cliente") ?? "";
    const forced = await switched("payments.forgetCard", customer);
    if (forced) return forced;
    if (!request.headers.get("customer")) return refuse("Falta el encabezado customer", 400);
    if (!tenDigits.safeParse(customer).success) return refuse("cliente debe ser el número Bait del cliente, 10 dígitos", 400);
    const kept = sales.keptCards.get(String(params.token));
    if (!kept || !isListed(kept)) return refuse(KEPT_CARD_MESSAGES.notFound, 404);
    if (kept.customer !== customer) return refuse(KEPT_CARD_MESSAGES.notYours, 403);
    if (recurrenceOf(kept)) return refuse(KEPT_CARD_MESSAGES.paysRecurrence, 409);
    sales.keptCards.delete(kept.token);
    return HttpResponse.json({ success: true, mensaje: KEPT_CARD_MESSAGES.forgotten });
  }),

  http.post(`${base}/servicio/angular/:channel/3/orden`, async ({ request, params }) => {
    const forced = await switched("payments.paypalOrder");
    if (forced) return forced;
    if (!request.headers.get("customer") || !request.headers.get("origin")) return refuse("Faltan los encabezados customer y origin", 400);
    const key = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
    if (!key) return refuse(`Falta el encabezado ${IDEMPOTENCY_HEADER}`, 400);
    // Read loosely so that a physical item is PayPal's own refusal, not a malformed request.
    const body = paypalOrderRequest.extend({ articulo: z.object({ tipo: z.string() }), envio: z.string() }).safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const { extra, articulo, envio, retorno, cancelacion } = body.data;
    const channel = String(params.channel);
    const fingerprint = JSON.stringify({ channel, body: body.data });
    const repeat = repeated("orden", key, fingerprint);
    if (repeat) return repeat;

    if (articulo.tipo !== "DIGITAL_GOODS" || envio !== "NO_SHIPPING") {
      return remember("orden", key, fingerprint, 422, { success: false, mensaje: "PayPal solo acepta bienes digitales sin envío (DIGITAL_GOODS, NO_SHIPPING)." });
    }
    if (!isSameOriginPath(retorno) || !isSameOriginPath(cancelacion)) return refuse("retorno y cancelacion deben ser rutas de este sitio que empiecen con «/»", 400);

    const id = randomBytes(9).toString("hex").toUpperCase().slice(0, 17);
    sales.paypalOrders.set(id, { id, state: "created", amount: extra.total, description: extra.descripcion, channel, saleUuid: extra.uuid, returnUrl: retorno, cancelUrl: cancelacion });
    return remember("orden", key, fingerprint, 200, { success: true, orden: id, aprobacion: `${PAYPAL_APPROVAL_PATH}?orden=${id}`, mensaje: "Orden creada" });
  }),
];
