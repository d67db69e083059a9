import * as z from "zod";

/**
 * Wire schemas of the cards the payment provider keeps for a customer (docs/payment.md "Repeat
 * with the kept card"). Not in SPEC §7: the paths and these shapes are assumptions to confirm with
 * the provider (docs/upstream.md "Decisions"):
 *
 * - GET {payments}/servicio/angular/tarjetas?cliente={baitNumber} (header `customer`, the store):
 *   the cards the provider keeps for that customer, newest first. A card is the provider's token
 *   id, its brand and its last 4 digits, never more: this server never sees, keeps or shows a card
 *   number. `cvvRequerido` says the provider asks the security code before charging the card, on
 *   its own hosted field (`campoCvv`, the page framed for it); `recurrente` that the card pays an
 *   active recurring recharge of the customer.
 * - DELETE {payments}/servicio/angular/tarjetas/{token}?cliente={baitNumber}: the provider forgets
 *   the card; it refuses a card of another customer (403, or `success: false`) and, while it pays a
 *   recurring recharge, one of a recurrence (409).
 * - A kept card pays through /cobrar (charge.schemas.ts): `meta.token` its token with
 *   `meta.cliente`, on provider type 2 (the provider's tokenised product).
 */

/** A kept card's token id: opaque, the provider's; `kc_…` in the mock world. */
export const keptCardToken = z.string().regex(/^[A-Za-z0-9_-]{6,100}$/);

export const keptCardBrand = z.enum(["visa", "mastercard", "amex"]);
export type KeptCardBrand = z.infer<typeof keptCardBrand>;

export const wireKeptCard = z
  .object({
    token: keptCardToken,
    marca: keptCardBrand,
    ultimos: z.string().regex(/^\d{4}$/),
    cvvRequerido: z.boolean().default(false),
    /** The provider's hosted security-code field for this card (an absolute URL or a path of the provider's). */
    campoCvv: z.string().min(1).max(2000).nullish(),
    recurrente: z.boolean().default(false),
  })
  .refine((card) => !card.cvvRequerido || Boolean(card.campoCvv), { path: ["campoCvv"], message: "una tarjeta que pide el código de seguridad trae su campo" });
export type WireKeptCard = z.infer<typeof wireKeptCard>;

export const keptCardsResponse = z.union([
  z.object({ success: z.literal(true), tarjetas: z.array(wireKeptCard), mensaje: z.string().nullish() }),
  z.object({ success: z.literal(false), mensaje: z.string().nullish() }),
]);

export const forgetCardResponse = z.object({ success: z.boolean(), mensaje: z.string().nullish() });
