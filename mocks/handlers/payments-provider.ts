import { randomBytes } from "node:crypto";
import type * as z from "zod";
import type { chargeData } from "~/upstream/payments/charge.schemas";
import type { PaymentChannel } from "~/upstream/payments/common.schemas";
import type { WireKeptCard } from "~/upstream/payments/kept-cards.schemas";
import { demoCards } from "../fixtures/demo";
import { world } from "../world";
import { sales, type KeptCard } from "../world-sales";
import { base } from "./payments-shared";

/**
 * The mock card provider's side of a charge (./payments-checkout.ts answers the calls): which
 * provider a sale gets, what it decides of a card, a hosted-card token, a PayPal order or a kept
 * card, and the cards it keeps per customer.
 */

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
export const recurrenceOf = (kept: KeptCard) =>
  [...world.recurrences.values()].find((recurrence) => recurrence.number === kept.customer && recurrence.status !== "cancelled" && recurrence.cardLast === kept.card.numero.slice(-4));

/** A card kept only for a recurrence is the provider's while that recurrence lasts. */
export const isListed = (kept: KeptCard) => kept.origin === "cliente" || Boolean(recurrenceOf(kept));

export function keptCardsOf(customer: string): KeptCard[] {
  return [...sales.keptCards.values()].filter((kept) => kept.customer === customer && isListed(kept)).sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

export function toWireKeptCard(kept: KeptCard): WireKeptCard {
  const brand = demoCards[kept.card.numero]?.brand ?? (kept.card.numero.startsWith("4") ? "visa" : /^3[47]/.test(kept.card.numero) ? "amex" : "mastercard");
  return { token: kept.token, marca: brand, ultimos: kept.card.numero.slice(-4), cvvRequerido: kept.cvvRequired, campoCvv: null, recurrente: recurrenceOf(kept)?.status === "active" };
}

/**
 * Keeps the card paid with for the customer (an approved charge with `meta.guardar`, or a
 * recurrence's): the same card again is the same token, moved to the top of the list.
 */
export function keepCard(customer: string, card: KeptCard["card"], origin: KeptCard["origin"]) {
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

// ——— What pays a charge: a card in `data`, a hosted-card token, or an approved PayPal order ———

/**
 * Reads `meta.token` and the provider type of the path: `tok_…` is a hosted-card token (type
 * 2); any other token is a PayPal order (type 3); no token needs the card in `data` (type 1, or
 * 2 when the checkout sealed the card itself).
 */
export function paymentMethodOf(
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
