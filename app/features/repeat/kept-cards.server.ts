import type { SessionUser } from "#schemas/session";
import { getRecharges } from "~/lib/config/config.server";
import { translate } from "~/lib/i18n/i18n.server";
import { cardCustomerOf } from "~/features/payment/keep-card.server";
import { forgetKeptCard, listKeptCards, type KeptCard } from "~/upstream/payments/kept-cards.server";

/**
 * The cards the payment provider keeps for the signed-in customer (docs/payment.md "Repeat with
 * the kept card"), as the repeat page and /editar-perfil show them: the provider's token id and
 * 'Visa •••• 1111', nothing more. Always for the session's customer, never a number the browser
 * sent.
 */

export type KeptCardView = {
  token: string;
  /** 'Visa •••• 1111'. */
  label: string;
  /** It pays an active recurring recharge: the provider keeps it while that lasts. */
  recurring: boolean;
  /** The provider asks the security code on its own hosted field (`cvvUrl`) before charging it. */
  cvvRequired: boolean;
  cvvUrl: string | null;
};

export const cardLabel = (card: Pick<KeptCard, "brand" | "last4">) =>
  translate("payment:keptCards.card", { brand: translate(`payment:keptCards.brands.${card.brand}`), last4: card.last4 });

const viewOf = (card: KeptCard): KeptCardView => ({ token: card.token, label: cardLabel(card), recurring: card.recurring, cvvRequired: card.cvvRequired, cvvUrl: card.cvvUrl });

/** The customer's kept cards, newest first; null when the provider could not say. */
export async function keptCardsFor(user: Pick<SessionUser, "number" | "serviceNumber">): Promise<KeptCardView[] | null> {
  const result = await listKeptCards({ customer: cardCustomerOf(user), store: getRecharges().checkout.store });
  return result.ok ? result.data.map(viewOf) : null;
}

/**
 * Whether `token` is one of the signed-in customer's own kept cards, asked of the provider before
 * any charge (its list for the session's customer, never a number the browser sent): a token of
 * another customer is refused here and never reaches the provider's charge, whatever the provider
 * would do with it. A list the provider could not give refuses too (fails closed).
 */
export async function ownKeptCard(user: Pick<SessionUser, "number" | "serviceNumber">, token: string): Promise<{ ok: true } | { ok: false; key: string; status: 403 | 503 }> {
  const cards = await keptCardsFor(user);
  if (!cards) return { ok: false, key: "payment:keptCards.listFailed", status: 503 };
  return cards.some((card) => card.token === token) ? { ok: true } : { ok: false, key: "payment:keptCards.notYours", status: 403 };
}

/** Asks the provider to forget one of the customer's cards: done, or the catalogue's key and the provider's own words for why not. */
export async function forgetCardOf(user: Pick<SessionUser, "number" | "serviceNumber">, token: string): Promise<{ ok: true } | { ok: false; key: string; upstreamText?: string }> {
  const result = await forgetKeptCard({ token, customer: cardCustomerOf(user), store: getRecharges().checkout.store });
  if (result.ok) return { ok: true };
  return { ok: false, key: result.error.messageKey, ...(result.error.upstreamMessage ? { upstreamText: result.error.upstreamMessage } : {}) };
}
