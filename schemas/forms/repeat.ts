import * as z from "zod";

/**
 * The pay form of 'Recargar de nuevo' (docs/payment.md "Repeat with the kept card"): which of the
 * customer's kept cards pays (the provider's token id, never a card's data) and, when the provider
 * asks the security code, the single-use token of its hosted field. `saleId` and `paymentKey` are
 * checked by the action as the checkout's are. No field is named like a card's (server/http-guards.ts).
 */
export const repeatPaySchema = z.object({
  intent: z.literal("repeat-pay"),
  keptCard: z.string().regex(/^[A-Za-z0-9_-]{6,100}$/),
  verification: z.optional(z.string().trim().min(1).max(200)),
});
export type RepeatPay = z.infer<typeof repeatPaySchema>;

/** A folio of the line's history, as /recargar-de-nuevo?folio= names it. */
export const repeatFolioSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/);

/** 'Olvidar tarjeta' on /editar-perfil: which of the customer's kept cards the provider forgets (its token id). */
export const forgetCardSchema = z.object({
  intent: z.literal("forget-card"),
  keptCard: z.string().regex(/^[A-Za-z0-9_-]{6,100}$/),
});
