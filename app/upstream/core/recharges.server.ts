import { lineNumberMessages } from "../errors";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody } from "./common.schemas";
import { historyWire, startPaymentWire, type RechargeHistoryEntry } from "./recharges.schemas";
import { ok, refuse } from "./results.server";

/** A line's recharge history and the start of a secure recharge payment, on the core upstream. */

/**
 * GET /api/core/q/{id}/recharges?limit: the latest recharges of a line, newest first.
 * A 412 (the upstream keeps no history for the number) is `recharge:history.lineNotFound`;
 * the recharge flow goes on after it (docs/recharge.md), after any other failure it stops.
 */
export async function getRechargeHistory(number: string, limit = 10): Promise<UpstreamResult<RechargeHistoryEntry[]>> {
  const result = await upstreamFetch({
    call: "core.rechargeHistory",
    upstream: "core",
    path: `/api/core/q/${encodeURIComponent(number)}/recharges`,
    query: { limit },
    schema: historyWire,
    messages: { 400: "recharge:history.error", 404: "recharge:history.error", 412: "recharge:history.lineNotFound", 500: "recharge:history.error", 502: "recharge:history.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const newestFirst = [...result.data.items].sort((a, b) => Date.parse(b.appliedAt) - Date.parse(a.appliedAt));
  return ok(newestFirst, result.status);
}

/** The recharge flow asks before paying when the newest entry is still not applied (docs/recharge.md, spec §8). */
export const hasPendingRecharge = (history: RechargeHistoryEntry[]) => {
  const newest = history[0];
  return Boolean(newest && (newest.status === "not_applicated" || !newest.applied));
};

/**
 * POST /api/core/servicio/resources/pagos/recarga: opens a secure recharge payment and answers
 * the payment plugin's `llavero` and the order id. Never retried: a second POST is a second order.
 */
export async function startRechargePayment(input: {
  number: string;
  serviceNumber?: string;
  email: string;
  offerId: string;
  rechargeType: number;
  channel: "general" | "associates" | "captacion" | "esim";
}): Promise<UpstreamResult<{ keyring: string; orderId: string }>> {
  const call = "core.startRechargePayment";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/servicio/resources/pagos/recarga",
    body: { numero: input.number, servicio: input.serviceNumber ?? "", correo: input.email, oferta: input.offerId, tipo: input.rechargeType, canal: input.channel },
    schema: startPaymentWire,
    messages: { 400: "recharge:payment.unavailable", 412: lineNumberMessages[412], 500: "recharge:payment.unavailable", 502: "recharge:payment.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const { success, keyring, orderId, message } = result.data;
  if (!success || !keyring || !orderId) return refuse(call, "recharge:payment.unavailable", "refused", { upstreamMessage: message });
  return ok({ keyring, orderId }, result.status);
}
