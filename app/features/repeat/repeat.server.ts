import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import * as z from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { checkoutSale, SALE_SESSION_KEY, type CheckoutSale } from "#schemas/sale";
import { repeatFolioSchema, repeatPaySchema } from "#schemas/forms/repeat";
import type { SessionUser } from "#schemas/session";
import { getSite } from "~/lib/config/config.server";
import { readForm } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { commitSession, getSession, requireCustomer } from "~/lib/session.server";
import type { RechargeHistoryEntry } from "~/upstream/core/recharges.schemas";
import { getRechargeHistory, hasPendingRecharge } from "~/upstream/core/recharges.server";
import { readCampaign } from "~/features/campaign/campaign.server";
import { viewerFor } from "~/features/flags/visibility.server";
import { createOfferSource, type CatalogueOffer } from "~/features/recharge/catalogue.server";
import { checkRechargeLine } from "~/features/recharge/line.server";
import { findRechargeOffer } from "~/features/recharge/offer.server";
import { buildRechargeSale } from "~/features/recharge/sale";
import { LINE_PARAM, rechargeHref } from "~/features/recharge/urls";
import { cardCustomerOf } from "~/features/payment/keep-card.server";
import { FAILURE_THRESHOLD, paymentLedger } from "~/features/payment/ledger.server";
import { answer, errorMessage, settle } from "~/features/payment/outcome.server";
import { preparePlugin } from "~/features/payment/plugin.server";
import { RECEIPT_PATH } from "~/features/payment/receipt.server";
import { pendingSale, saleView, type SaleView } from "~/features/payment/sale.server";
import { CHECKOUT_PATH } from "~/features/payment/urls";
import { PROFILE_PATH } from "~/features/profile/urls";
import { keptCardsFor, ownKeptCard, type KeptCardView } from "./kept-cards.server";
import { REPEAT_PARAM, repeatHref } from "./urls";

/**
 * 'Recargar de nuevo' (docs/payment.md "Repeat with the kept card"): an applied recharge of the
 * customer's history, paid again in one tap with a card the payment provider keeps for them (the
 * card of their recurring recharge, or one they asked the provider to keep on an earlier payment).
 *
 * The page is a sale like any other: it waits in the session (`sale`, its `returnTo` this page),
 * its pay form carries a fresh payment key per rendering, and the charge goes through the
 * checkout's own ledger and outcome (`settle`): one charge per key, an unknown outcome is never
 * charged again (/pago says 'Estamos confirmando tu pago…'), the receipt is /pago/completado, a
 * decline counts toward the same three failures.
 *
 * Whenever it cannot pay that way (no kept card, the provider's list failing, the offer no longer
 * sold, the line refused, no valid e-mail for the receipt) the page is today's checkout instead:
 * the recharge modal of that offer with the line prefilled.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

export type RepeatData =
  | { ok: false; message: string; otherCardHref: string }
  | {
      ok: true;
      /** This page's address (its folio): the pay form posts here. */
      self: string;
      sale: SaleView;
      cards: KeptCardView[];
      /** One per rendering: the idempotency key of the next attempt. */
      paymentKey: string;
      attemptsLeft: number;
      /** The newest recharge of the line is not applied yet (the recharge modal asks about it too). */
      pending: boolean;
      pay: { text: string; className: string | null; css: string | null; loaderText: string };
      links: { privacy: string; terms: string; otherCard: string; forget: string };
    };

/** Today's checkout for that offer and line: the recharge modal, the line prefilled (as /home's 'Recargar'). */
export const prefilledCheckout = (offerId: string, line: string) => `${rechargeHref(offerId)}&${LINE_PARAM}=${line}`;

const isApplied = (entry: RechargeHistoryEntry) => entry.applied && entry.status !== "not_applicated";

type Repeatable = { user: SessionUser; line: string; folio: string; entry: RechargeHistoryEntry; history: RechargeHistoryEntry[]; fallback: string };

/**
 * The folio of the query, one of the line's applied recharges (the history /home lists, at its
 * longest). Anything else is /home again: a folio that is not the customer's is never repeated.
 */
async function repeatable(request: Request, user: SessionUser): Promise<Repeatable> {
  const folio = repeatFolioSchema.safeParse(new URL(request.url).searchParams.get(REPEAT_PARAM));
  if (!folio.success) throw redirect("/home", { headers: NO_STORE });
  const line = cardCustomerOf(user);
  const history = await getRechargeHistory(line, 20);
  const entry = history.ok ? history.data.find((candidate) => candidate.orderId === folio.data) : undefined;
  if (!history.ok || !entry) throw redirect("/home", { headers: NO_STORE });
  const fallback = prefilledCheckout(entry.offeringId, line);
  if (!isApplied(entry)) throw redirect(fallback, { headers: NO_STORE });
  return { user, line, folio: folio.data, entry, history: history.data, fallback };
}

/** The sale of this page waiting in the session, while it is still the same offer, price and line; else a new one. */
function saleFor(waiting: CheckoutSale | null, offer: CatalogueOffer, { user, line, folio }: Repeatable, campaign: Awaited<ReturnType<typeof readCampaign>>): CheckoutSale | null {
  const returnTo = repeatHref(folio);
  if (waiting?.kind === "recharge" && waiting.returnTo === returnTo && waiting.offerId === offer.offerId && waiting.price === offer.price && waiting.lineNumber === line) return waiting;
  const built = checkoutSale.safeParse(
    buildRechargeSale({
      offer,
      // The line itself is the phone the recharge is filed under, as a recurrence's (docs/customer.md).
      form: { phone: line, serviceNumber: line, email: user.email, whatsapp: false },
      uuid: randomUUID(),
      ...(campaign ? { campaign } : {}),
      loggedIn: true,
      returnTo,
    }),
  );
  return built.success ? built.data : null;
}

export async function loadRepeat(request: Request, context: AppLoadContext) {
  const user = await requireCustomer(request, "login");
  // A payment of the session's sale whose verdict the customer was not told yet: /pago tells it
  // ('Estamos confirmando tu pago…', the receipt or what failed) before anything else is paid.
  const waiting = await pendingSale(request);
  if (waiting && (await paymentLedger.openOf(waiting.uuid).catch(() => null))) throw redirect(CHECKOUT_PATH, { headers: NO_STORE });

  const target = await repeatable(request, user);
  const lookup = await findRechargeOffer(target.entry.offeringId, createOfferSource(await viewerFor(request, context)));
  if (!lookup.ok) throw redirect(target.fallback, { headers: NO_STORE });
  const offer = lookup.offer;
  const [cards, line] = await Promise.all([keptCardsFor(user), checkRechargeLine(target.line, offer.type)]);
  // No kept card (or the provider could not say), or a line the modal would refuse: today's checkout, which says why.
  if (!cards?.length || !line.ok) throw redirect(target.fallback, { headers: NO_STORE });
  const sale = saleFor(waiting, offer, target, await readCampaign(request));
  if (!sale) throw redirect(target.fallback, { headers: NO_STORE });

  const session = await getSession(request);
  session.set(SALE_SESSION_KEY, sale);
  // A new payment: the confirmation of an earlier one has served.
  session.unset("receipt");
  const prepared = await preparePlugin(request, context, sale, session, { cardFallback: false });
  const headers = { "Set-Cookie": await commitSession(session), ...NO_STORE };
  if (!prepared.ok) return data<RepeatData>({ ok: false, message: translate(prepared.messageKey), otherCardHref: target.fallback }, { headers });
  const { plugin } = prepared;
  return data<RepeatData>(
    {
      ok: true,
      self: repeatHref(target.folio),
      sale: saleView(sale),
      cards,
      paymentKey: randomUUID(),
      attemptsLeft: FAILURE_THRESHOLD - (await paymentLedger.failuresOf(sale.uuid)),
      pending: hasPendingRecharge(target.history),
      pay: { text: plugin.button.text, className: plugin.button.className, css: plugin.button.css, loaderText: plugin.loaderText },
      links: { privacy: getSite().privacyNoticeUrl, terms: "/terminos-y-condiciones", otherCard: target.fallback, forget: PROFILE_PATH },
    },
    { headers },
  );
}

const paymentKeySchema = z.uuid();

/**
 * 'Pagar': the chosen kept card (the provider's token, with the session's customer) charged as the
 * provider's tokenised product (type 2) through the checkout's ledger and outcome. The token is
 * checked first against the customer's own cards at the provider (`ownKeptCard`): another
 * customer's token is refused with no charge sent.
 */
export async function repeatAction(request: Request, context: AppLoadContext) {
  const user = await requireCustomer(request, "login");
  const form = await readForm(request);
  const key = paymentKeySchema.safeParse(form.get("paymentKey"));
  const sale = await pendingSale(request);
  const stale = () => answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);
  if (!sale) {
    // A reload of the POST that paid: the sale has left the session, the verdict stays.
    const verdict = key.success ? await paymentLedger.verdictOf(key.data) : null;
    if (verdict?.ok) throw redirect(RECEIPT_PATH, 303);
    return stale();
  }
  // A page of an earlier sale (another tab, another flow since) must not pay this one.
  if (form.get("saleId") !== sale.uuid || !sale.returnTo.startsWith(repeatHref(""))) return answer({ message: errorMessage(translate("payment:checkout.saleChanged")) }, 409);
  const submission = parseWithZod(form, { schema: repeatPaySchema });
  if (submission.status !== "success" || !key.success) return stale();
  // The token must be one of this customer's cards at the provider: another's is never sent to be charged.
  const owned = await ownKeptCard(user, submission.value.keptCard);
  if (!owned.ok) return answer({ message: errorMessage(translate(owned.key)) }, owned.status);

  const lookup = await findRechargeOffer(sale.offerId, createOfferSource(await viewerFor(request, context)));
  if (!lookup.ok) return answer({ message: errorMessage(translate("payment:checkout.notOffered")) }, 409);
  const session = await getSession(request);
  const prepared = await preparePlugin(request, context, sale, session, { cardFallback: false });
  if (!prepared.ok) return answer({ message: errorMessage(translate(prepared.messageKey)) }, 503, { "Set-Cookie": await commitSession(session) });
  // A kept card is the provider's tokenised card: charged as its hosted product, type 2 (as the hosted payment page's token).
  const setup = { ...prepared.setup, provider: { ...prepared.setup.provider, typeCode: 2 as const } };
  const { keptCard, verification } = submission.value;
  return settle(request, { sale, plugin: prepared.plugin, setup, paymentKey: key.data }, { token: keptCard, customer: cardCustomerOf(user), ...(verification ? { verification } : {}) });
}
