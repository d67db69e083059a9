import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import * as z from "zod";
import type { CheckoutSale } from "#schemas/sale";
import { limitedPostalLookup } from "~/features/address/postal.server";
import { getRecharges, getSite } from "~/lib/config/config.server";
import { isOfferShown } from "~/features/flags/visibility";
import { viewerFor } from "~/features/flags/visibility.server";
import { translate } from "~/lib/i18n/i18n.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { commitSession, getSession } from "~/lib/session.server";
import { payWithCard, withoutCard } from "./card-form.server";
import { cardPageReturn, cardPageReturnPath, payWithCardPage, startCardPage } from "./card-page.server";
import type { CheckoutData } from "./checkout-data";
import { payWithToken } from "./hosted-card.server";
import { keepingCustomer } from "./keep-card.server";
import { paymentLedger, FAILURE_THRESHOLD } from "./ledger.server";
import { answer, errorMessage, followUp, type ParsedPost } from "./outcome.server";
import { confirmPaypal, startPaypal } from "./paypal.server";
import { legalOptions, preparePlugin } from "./plugin.server";
import { RECEIPT_PATH } from "./receipt.server";
import { pendingSale, saleView, shownNumber } from "./sale.server";
import { CARD_METHOD_PARAM, CHECKOUT_PATH } from "./urls";
import { readForm } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod/v4";
import { checkoutSchema, type CheckoutForm, type CheckoutPost } from "#schemas/forms/card";

/**
 * The checkout (docs/payment.md card payment plugin screens, spec §4 payment, §7 plugin and cobrar): the
 * payment plugin for the sale waiting in the session, and its form's actions. Every step works
 * without JavaScript; with it, the browser seals the card itself and the server only relays
 * ciphertext. The common set-up is plugin.server.ts, the charge and the answers
 * outcome.server.ts; each provider type has its module: card-form.server.ts (1),
 * hosted-card.server.ts (2), paypal.server.ts (3).
 */

function editHrefOf(sale: CheckoutSale): string {
  const url = new URL(sale.returnTo, "http://local");
  url.searchParams.set(sale.kind === "sim" ? "chip" : sale.kind === "esim" ? "oferta" : "recarga", sale.offerId);
  return url.pathname + url.search;
}

/**
 * Whether the sale's product is still offered to this visitor: an eSIM only while the `e-sim` flag
 * is on, a business offer only while `business-page` is, any offer only inside its `when` and
 * `from` / `until` (docs/config.md "Visibility and scheduling"). A sale started before a flag went
 * off is refused here, before anything is charged.
 */
async function isStillOffered(request: Request, context: AppLoadContext, sale: CheckoutSale): Promise<boolean> {
  const viewer = await viewerFor(request, context);
  if (sale.kind === "esim" && !viewer.isOn("e-sim")) return false;
  const offer = getRecharges().offers.find((candidate) => candidate.offerId === sale.offerId);
  return !offer || isOfferShown(offer, viewer);
}

// ——— The page ———

export async function loadCheckout(request: Request, context: AppLoadContext) {
  const sale = await pendingSale(request);
  if (!sale) throw await redirectWithNotice(request, "/recargas", "recharge:checkout.expired");
  const session = await getSession(request);
  // A payment sent before (the app may have died meanwhile) is settled first, never paid again:
  // its confirmation, what failed, or "Estamos confirmando tu pago…" while nobody knows yet.
  const follow = await followUp(session, sale);
  if (follow.state === "approved") throw redirect(RECEIPT_PATH, { status: 303, headers: { "Set-Cookie": follow.setCookie } });
  if (follow.state === "confirming") return confirming(sale);
  if (!(await isStillOffered(request, context, sale))) throw await redirectWithNotice(request, "/recargas", "payment:checkout.notOffered");
  const url = new URL(request.url);
  const notice = session.get("notice") ?? null;
  // A new checkout: the confirmation of an earlier payment has served (and the cookie stays small).
  session.unset("receipt");
  const prepared = await preparePlugin(request, context, sale, session, { cardFallback: url.searchParams.get(CARD_METHOD_PARAM) === "tarjeta" });
  const view = saleView(sale);
  if (!prepared.ok) {
    const headers = { "Set-Cookie": await commitSession(session), "Cache-Control": "private, no-store" };
    return data<CheckoutData>({ ok: false, message: translate(prepared.messageKey), sale: view, editHref: editHrefOf(sale) }, { headers });
  }
  const cardPage = prepared.plugin.provider === "card" ? cardPageReturn(url, session, sale) : null;
  const headers = { "Set-Cookie": await commitSession(session), "Cache-Control": "private, no-store" };
  const paypalOrder = session.get("paypal");
  const returned = url.searchParams.get("paypal");
  return data<CheckoutData>(
    {
      ok: true,
      sale: view,
      editHref: editHrefOf(sale),
      plugin: prepared.plugin,
      paymentKey: randomUUID(),
      attemptsLeft: FAILURE_THRESHOLD - (await paymentLedger.failuresOf(sale.uuid)),
      paypal: {
        approved: Boolean(returned && paypalOrder?.uuid === sale.uuid && paypalOrder.orderId === returned),
        cancelled: url.searchParams.get("paypal-cancelado") === "1",
      },
      cardPage,
      keepCard: Boolean(await keepingCustomer(request, sale)),
      notice: notice ? translate(notice) : null,
      earlier: follow.state === "failed" ? follow.told : null,
      selfHref: prepared.plugin.cardFallback ? `${CHECKOUT_PATH}?${CARD_METHOD_PARAM}=tarjeta` : CHECKOUT_PATH,
      links: { privacy: getSite().privacyNoticeUrl, terms: "/terminos-y-condiciones" },
    },
    { headers },
  );
}

/** The sale's payment was sent and its outcome is not known yet: what was bought, for which line, and no pay step. */
function confirming(sale: CheckoutSale) {
  const view = saleView(sale);
  const line = sale.kind === "recharge" || sale.kind === "recurring" ? shownNumber(sale, sale.lineNumber) : null;
  const text = line
    ? translate("payment:recovery.confirmingLine", { description: sale.description, total: view.totalText, number: line })
    : translate("payment:recovery.confirmingOther", { description: sale.description, total: view.totalText });
  return data<CheckoutData>({ ok: false, confirming: true, message: text, sale: view, editHref: null }, { headers: { "Cache-Control": "private, no-store" } });
}

// ——— The actions ———

const paymentKeySchema = z.uuid();

export async function checkoutAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const key = paymentKeySchema.safeParse(form.get("paymentKey"));
  const sale = await pendingSale(request);

  if (!sale) {
    // A reload of the POST that paid: the sale has left the session, the verdict stays.
    const verdict = key.success ? await paymentLedger.verdictOf(key.data) : null;
    if (verdict?.ok) throw redirect(RECEIPT_PATH, 303);
    throw await redirectWithNotice(request, "/recargas", "recharge:checkout.expired");
  }
  // A page of an earlier sale (another tab) must not pay this one.
  if (form.get("saleId") !== sale.uuid) return answer({ message: errorMessage(translate("payment:checkout.saleChanged")) }, 409);
  if (!(await isStillOffered(request, context, sale))) return answer({ message: errorMessage(translate("payment:checkout.notOffered")) }, 409);

  const session = await getSession(request);
  const url = new URL(request.url);
  const prepared = await preparePlugin(request, context, sale, session, { cardFallback: url.searchParams.get(CARD_METHOD_PARAM) === "tarjeta" });
  if (!prepared.ok) return answer({ message: errorMessage(translate(prepared.messageKey)) }, 503, { "Set-Cookie": await commitSession(session) });
  const { plugin, setup } = prepared;
  const keepFor = await keepingCustomer(request, sale);

  // The form, parsed once: one branch per intent, with the consents and the address the plugin lists.
  const submission = parseWithZod(form, { schema: checkoutSchema({ legal: legalOptions(plugin), address: plugin.asksAddress }) });
  const value = submission.status === "success" ? submission.value : null;
  const post = <Intent extends CheckoutForm["intent"]>(intent: Intent): ParsedPost<CheckoutPost<Intent>> => ({
    submission,
    value: value?.intent === intent ? (value as CheckoutPost<Intent>) : null,
  });
  const stale = () => answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);

  switch (value?.intent ?? submission.payload.intent) {
    case "postal-code":
      return postalCodeAnswer(post("postal-code"), context);
    case "card-page":
      // Without JavaScript: the holder and the address here, the card on the provider's page.
      return startCardPage(post("card-page"), { sale, plugin, session, returnTo: cardPageReturnPath(plugin.cardFallback) });
    case "card-page-pay":
      return key.success ? payWithCardPage(request, post("card-page-pay"), { sale, plugin, setup, paymentKey: key.data, session, keepFor }) : stale();
    case "pay":
      return key.success ? payWithCard(request, post("pay"), { sale, plugin, setup, paymentKey: key.data, keepFor }) : stale();
    case "hosted-pay":
      return key.success ? payWithToken(request, post("hosted-pay"), { sale, plugin, setup, paymentKey: key.data, keepFor }) : stale();
    case "paypal":
      return startPaypal(request, post("paypal"), { sale, plugin, setup, session });
    case "paypal-confirm":
      return key.success ? confirmPaypal(request, { sale, plugin, setup, paymentKey: key.data, session }) : stale();
    default:
      return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 400);
  }
}

/** 'Buscar colonias' without JavaScript: the form comes back with the colonias (and without the card). */
async function postalCodeAnswer({ submission, value }: ParsedPost<CheckoutPost<"postal-code">>, context: AppLoadContext) {
  const postal = await limitedPostalLookup((value?.postalCode ?? "").trim(), context);
  const initialValue = withoutCard(submission.payload);
  // A refused code is cleared; one that could not be looked up (the upstream failed) stays as typed.
  if (!postal.ok && !postal.unavailable) delete initialValue.postalCode;
  return answer({ postal, result: { initialValue, error: postal.ok ? {} : { postalCode: [postal.message] } } }, 200);
}
