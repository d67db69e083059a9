import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import { SALE_SESSION_KEY, type CheckoutSale } from "#schemas/sale";
import type { FormSubmission } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { commitSession, getSession, type Session } from "~/lib/session.server";
import { charge, type ChargeInput } from "~/upstream/payments/charge.server";
import { cancelRecurrence } from "~/upstream/payments/recurrence.server";
import type { PluginSetup } from "~/upstream/payments/plugin.server";
import type { CheckoutAnswer, PluginView } from "./checkout-data";
import { paymentLedger, type ChargeVerdict, FAILURE_THRESHOLD, type LedgerVerdict, type PaymentLookup } from "./ledger.server";
import { receiptOf, RECEIPT_PATH } from "./receipt.server";
import { NO_BILLING } from "./charge-payload";
import { upstreamSale, upstreamShipping } from "./sale.server";
import { CHECKOUT_PATH } from "./urls";

/** How the checkout's actions answer, and the charge every provider type ends in. */

/** Fields of the card that never travel back to the browser in an answer. */
export const CARD_FIELDS = ["cardNumber", "cvv", "expiry"];

export const answer = (body: CheckoutAnswer, status = 400, headers?: HeadersInit) => data<CheckoutAnswer>({ ...body, paymentKey: randomUUID() }, { status, headers });
export const errorMessage = (text: string) => ({ tone: "error" as const, text });

/** One intent's post, parsed once by the action: conform's submission (for its reply) and the typed branch, or null when the schema refused it. */
export type ParsedPost<Value> = { submission: FormSubmission; value: Value | null };

export type PayContext = {
  sale: CheckoutSale;
  plugin: PluginView;
  setup: PluginSetup;
  paymentKey: string;
  /** The signed-in customer the card may be kept for ('Guardar esta tarjeta…', keep-card.server.ts), or null. */
  keepFor?: string | null;
};

/** How the provider's record of this sale's payments is read (what /cobrar is sent with). */
export const lookupOf = (setup: PluginSetup): PaymentLookup => ({ channel: setup.client.channel, store: setup.client.store, formOrigin: setup.formOrigin });

/**
 * The charge, once per payment key and one at a time per sale (ledger.server.ts), then the
 * outcome: the confirmation page, the message with the form enabled again (at the third failure
 * the counter resets), or, when the outcome is unknown, the checkout's "Estamos confirmando tu
 * pago…" (a redirect to /pago: it never offers a fresh pay step meanwhile).
 */
export async function settle(
  request: Request,
  context: PayContext,
  payment: Pick<ChargeInput, "sealedData" | "token" | "holder" | "billing" | "customer" | "keep" | "verification">,
  /** What step 1 gets back after a failure, when the server holds it (the holder and address, never the card). */
  kept?: () => Promise<Pick<CheckoutAnswer, "result" | "postal">>,
) {
  const { sale, setup, paymentKey } = context;
  const result = await paymentLedger.run(paymentKey, sale.uuid, lookupOf(setup), async (): Promise<ChargeVerdict> => {
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
  if (result.kind === "refused") return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);
  if (result.kind === "unavailable") return answer({ message: errorMessage(translate("payment:payment.unavailable")) }, 503);
  // Sent, and its verdict is not known: the checkout says so until the provider's record does.
  if (result.kind === "pending") throw redirect(CHECKOUT_PATH, 303);
  const { verdict } = result;
  const session = await getSession(request);
  if (verdict.ok) {
    const headers = { "Set-Cookie": await completeSale(session, sale, verdict) };
    await paymentLedger.told(sale.uuid, paymentKey);
    return redirect(RECEIPT_PATH, { status: 303, headers });
  }
  const headers = { "Set-Cookie": await afterFailure(session) };
  await paymentLedger.told(sale.uuid, paymentKey);
  const back = kept ? await kept() : {};
  const told = await failureAnswer(sale, verdict);
  return answer({ ...told, ...back }, verdict.notReceived ? 409 : 402, headers);
}

/**
 * An approved payment: the sale leaves the session and its confirmation takes its place (the same
 * one whether the verdict came with the charge or was settled after a crash). Resolves with the
 * session's Set-Cookie.
 */
export async function completeSale(session: Session, sale: CheckoutSale, verdict: Extract<LedgerVerdict, { ok: true }>): Promise<string> {
  // The update modal's new card took over: the recurrence it replaces stops (a failure is logged, the new one stands).
  if (sale.kind === "recurring" && sale.replaces) await cancelRecurrence(sale.replaces);
  session.set("receipt", receiptOf(sale, verdict.orderId, { activationCode: verdict.activationCode ?? null }));
  session.unset(SALE_SESSION_KEY);
  session.unset("saleSecure");
  session.unset("paypal");
  session.unset("cardPage");
  return commitSession(session);
}

/** After a failed (or never received) attempt: what the session forgets. Resolves with its Set-Cookie. */
async function afterFailure(session: Session): Promise<string> {
  session.unset("paypal");
  // A token of the provider's hosted payment page pays once: another attempt goes back to step 1,
  // where the holder and the address typed stay (a new reference: the old way back is spent).
  const cardPage = session.get("cardPage");
  if (cardPage && typeof cardPage === "object") {
    const spent = new Set(["token", "last4", "ref"]);
    session.set("cardPage", { ...Object.fromEntries(Object.entries(cardPage).filter(([name]) => !spent.has(name))), ref: randomUUID() });
  }
  return commitSession(session);
}

/**
 * What the form says after a failed attempt: the provider's message (or the catalogue's) with the
 * attempts left, the reset at the third failure in a row, or that the provider never received it
 * (nothing charged, the customer may pay again).
 */
async function failureAnswer(sale: CheckoutSale, verdict: Extract<LedgerVerdict, { ok: false }>): Promise<Pick<CheckoutAnswer, "message" | "attemptsLeft" | "reset">> {
  if (verdict.notReceived) return { message: { tone: "info", text: translate(verdict.messageKey) } };
  // The third failure in a row: the counter starts over, the generic message shows, the card and the consents reset.
  if (verdict.tally?.reset) return { message: errorMessage(translate("payment:payment.failed")), reset: true };
  // The form comes back enabled at step 1, without the card and without the consents ticked.
  const attemptsLeft = FAILURE_THRESHOLD - (await paymentLedger.failuresOf(sale.uuid));
  return { message: errorMessage(verdict.upstreamText || translate(verdict.messageKey)), attemptsLeft };
}

/**
 * Where the sale's last payment stands when the customer comes back to it (the checkout, /home):
 * settled from the provider's record when it was unknown. `approved` has already moved the sale
 * into the session's confirmation; `failed` carries what the form says; `confirming` means it is
 * still unknown. Resolves with the session's Set-Cookie when it changed.
 */
export type FollowUp =
  | { state: "none" }
  | { state: "confirming" }
  | { state: "approved"; setCookie: string }
  | { state: "failed"; setCookie: string; told: Pick<CheckoutAnswer, "message" | "attemptsLeft" | "reset"> };

export async function followUp(session: Session, sale: CheckoutSale): Promise<FollowUp> {
  const outcome = await paymentLedger.reconcile(sale.uuid).catch(() => ({ kind: "none" }) as const);
  if (outcome.kind === "none") return { state: "none" };
  if (outcome.kind === "pending") return { state: "confirming" };
  const { verdict, open } = outcome;
  if (verdict.ok) {
    const setCookie = await completeSale(session, sale, verdict);
    await paymentLedger.told(sale.uuid, open.key);
    return { state: "approved", setCookie };
  }
  const setCookie = await afterFailure(session);
  const told = await failureAnswer(sale, verdict);
  await paymentLedger.told(sale.uuid, open.key);
  return { state: "failed", setCookie, told };
}
