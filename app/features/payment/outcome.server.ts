import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import { SALE_SESSION_KEY, type CheckoutSale } from "#schemas/sale";
import type { FormSubmission } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { commitSession, getSession } from "~/lib/session.server";
import { charge, type ChargeInput } from "~/upstream/payments/charge.server";
import { cancelRecurrence } from "~/upstream/payments/recurrence.server";
import type { PluginSetup } from "~/upstream/payments/plugin.server";
import type { CheckoutAnswer, PluginView } from "./checkout-data";
import { paymentLedger, type ChargeVerdict, FAILURE_THRESHOLD } from "./ledger.server";
import { receiptOf, RECEIPT_PATH } from "./receipt.server";
import { NO_BILLING } from "./charge-payload";
import { upstreamSale, upstreamShipping } from "./sale.server";

/** How the checkout's actions answer, and the charge every provider type ends in. */

/** Fields of the card that never travel back to the browser in an answer. */
export const CARD_FIELDS = ["cardNumber", "cvv", "expiry"];

export const answer = (body: CheckoutAnswer, status = 400, headers?: HeadersInit) => data<CheckoutAnswer>({ ...body, paymentKey: randomUUID() }, { status, headers });
export const errorMessage = (text: string) => ({ tone: "error" as const, text });

/** One intent's post, parsed once by the action: conform's submission (for its reply) and the typed branch, or null when the schema refused it. */
export type ParsedPost<Value> = { submission: FormSubmission; value: Value | null };

export type PayContext = { sale: CheckoutSale; plugin: PluginView; setup: PluginSetup; paymentKey: string };

/**
 * The charge, once per payment key (ledger.server.ts), then the outcome: the confirmation page,
 * or the message with the form enabled again; at the third failure the counter resets.
 */
export async function settle(
  request: Request,
  context: PayContext,
  payment: Pick<ChargeInput, "sealedData" | "token" | "holder" | "billing">,
  /** What step 1 gets back after a failure, when the server holds it (the holder and address, never the card). */
  kept?: () => Promise<Pick<CheckoutAnswer, "result" | "postal">>,
) {
  const { sale, setup, paymentKey } = context;
  const verdict = await paymentLedger.run(paymentKey, sale.uuid, async (): Promise<ChargeVerdict> => {
    const outcome = await charge({
      setup,
      ...payment,
      ...(payment.token && !payment.sealedData ? { billing: payment.billing ?? NO_BILLING } : {}),
      sale: upstreamSale(sale),
      shipping: upstreamShipping(sale),
      recurring: sale.kind === "recurring",
      idempotencyKey: paymentKey,
    });
    if (outcome.ok) return { ok: true, orderId: outcome.data.orderId, activationCode: outcome.data.activationCode };
    const unknown = outcome.error.kind === "timeout" || outcome.error.kind === "network";
    return { ok: false, messageKey: outcome.error.messageKey, ...(outcome.error.upstreamMessage ? { upstreamText: outcome.error.upstreamMessage } : {}), unknown };
  });
  if (!verdict) return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);
  const session = await getSession(request);
  if (verdict.ok) {
    // The update modal's new card took over: the recurrence it replaces stops (a failure is logged, the new one stands).
    if (sale.kind === "recurring" && sale.replaces) await cancelRecurrence(sale.replaces);
    session.set("receipt", receiptOf(sale, verdict.orderId, { activationCode: verdict.activationCode ?? null }));
    session.unset(SALE_SESSION_KEY);
    session.unset("saleSecure");
    session.unset("paypal");
    session.unset("cardPage");
    return redirect(RECEIPT_PATH, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
  }
  session.unset("paypal");
  // A token of the provider's hosted payment page pays once: another attempt goes back to step 1,
  // where the holder and the address typed stay (a new reference: the old way back is spent).
  const cardPage = session.get("cardPage");
  if (cardPage && typeof cardPage === "object") {
    const spent = new Set(["token", "last4", "ref"]);
    session.set("cardPage", { ...Object.fromEntries(Object.entries(cardPage).filter(([name]) => !spent.has(name))), ref: randomUUID() });
  }
  const headers = { "Set-Cookie": await commitSession(session) };
  const text = verdict.upstreamText || translate(verdict.messageKey);
  const back = kept ? await kept() : {};
  if (verdict.tally?.reset) {
    // The third failure in a row: the counter starts over, the generic message shows, the card and the consents reset.
    return answer({ message: errorMessage(translate("payment:payment.failed")), reset: true, ...back }, 402, headers);
  }
  // The form comes back enabled at step 1, without the card and without the consents ticked.
  const attemptsLeft = FAILURE_THRESHOLD - (await paymentLedger.failuresOf(sale.uuid));
  return answer({ message: errorMessage(text), attemptsLeft, ...back }, verdict.unknown ? 504 : 402, headers);
}
