/**
 * Funnel steps of the recharge and payment flows (GoToDetail, ChangeOnForm, ChangeLegal,
 * RequestPayment, PaymentFormLoad; the payment widget's success and PaymentError callbacks). Routes announce them as a DOM event; the tracking module,
 * loaded by the root, turns them into tracked events, queued until the visitor accepts cookies.
 * Routes so never import the tracking module itself, which keeps it out of their chunks.
 */
export const FUNNEL_EVENT = "bait:funnel";

export type FunnelStep = "GoToDetail" | "ChangeOnForm" | "ChangeLegal" | "RequestPayment" | "PaymentFormLoad" | "PaymentSuccess" | "PaymentError";

export function funnel(step: FunnelStep, data?: Record<string, string | number | boolean>) {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(FUNNEL_EVENT, { detail: { name: step, data } }));
}
