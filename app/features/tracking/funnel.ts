/**
 * Funnel steps of the recharge and payment flows (GoToDetail, ChangeOnForm, ChangeLegal,
 * RequestPayment, PaymentFormLoad; the payment widget's success and PaymentError callbacks). Routes announce them as a DOM event; the tracking module,
 * loaded by the root, turns them into tracked events, queued until the visitor accepts cookies.
 * Routes so never import the tracking module itself, which keeps it out of their chunks.
 */
import type { EventData, EventName } from "./events";

export const FUNNEL_EVENT = "bait:funnel";

export type FunnelStep = "GoToDetail" | "ChangeOnForm" | "ChangeLegal" | "RequestPayment" | "PaymentFormLoad" | "PaymentSuccess" | "PaymentError";

/** A funnel step, with only the data the event catalogue (events.ts) lets it carry. */
export function funnel<Step extends FunnelStep>(step: Step, data?: EventData<Step>) {
  announce(step, data);
}

/** Any event of the catalogue, announced the same way (the eSIM device check's verdict). */
export function announce<Name extends EventName>(name: Name, data?: EventData<Name>) {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(FUNNEL_EVENT, { detail: { name, data } }));
}
