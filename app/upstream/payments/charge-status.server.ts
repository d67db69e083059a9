import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "../http.server";
import { chargeStatusResponse } from "./charge.schemas";
import { errorBody, type PaymentChannel } from "./common.schemas";
import { paymentKeys, refused } from "./results.server";

/**
 * The status of a charge by its Idempotency-Key: GET
 * {payments}/servicio/angular/{channel}/cobro/{idempotencyKey}, with the same `customer` (store)
 * and `origin` (form origin) headers as /cobrar (./charge.server.ts). When the app died or timed
 * out while the provider was charging, the outcome is unknown; this settles it from the
 * provider's own record: approved (with its order), declined (with the provider's message),
 * still being decided, or never received.
 *
 * SPEC §7 does not list this path: it is an assumption to confirm with the provider
 * (docs/upstream.md says so), served by the mock world (mocks/handlers/payments-checkout.ts).
 *
 * It only reads: it never charges, so it is safe to repeat (a GET, retried once by upstreamFetch,
 * and the caller may ask again). Any failure (timeout, network, 5xx, a malformed answer, a
 * refusal) is an error result with the "outcome unknown" message: the caller keeps the payment
 * as unknown, and never charges again to find out.
 */

export type ChargeStatus =
  | { state: "approved"; orderId: string | null; activationCode: string | null; message: string | null }
  | { state: "declined"; message: string | null }
  | { state: "processing" }
  | { state: "notReceived" };

export type ChargeStatusInput = { channel: PaymentChannel; store: string; formOrigin: string; idempotencyKey: string };

export async function chargeStatus(input: ChargeStatusInput): Promise<UpstreamResult<ChargeStatus>> {
  const call = "payments.chargeStatus";
  const key = typeof input.idempotencyKey === "string" ? input.idempotencyKey.trim() : "";
  if (!key) {
    logger("upstream").error({ call, reason: "falta la llave de idempotencia" }, "petición inutilizable, no se envía");
    return { ok: false, error: new UpstreamError(call, "http", paymentKeys.outcomeUnknown, 400) };
  }
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "GET",
    path: `/servicio/angular/${encodeURIComponent(input.channel)}/cobro/${encodeURIComponent(key)}`,
    headers: { customer: input.store, origin: input.formOrigin },
    schema: chargeStatusResponse,
    errorSchema: errorBody,
    timeoutMs: env.upstreamTimeoutMs,
  });
  if (!result.ok) {
    const { error } = result;
    // The provider has no charge under this key.
    if (error.kind === "http" && error.status === 404) return { ok: true, status: 404, data: { state: "notReceived" } };
    return { ok: false, error: new UpstreamError(call, error.kind, paymentKeys.outcomeUnknown, error.status, error.upstreamMessage) };
  }
  const { data, status } = result;
  if (!data.success) return refused(call, paymentKeys.outcomeUnknown, status, data.mensaje);
  switch (data.estado) {
    case "aprobado":
      return { ok: true, status, data: { state: "approved", orderId: data.orden ?? null, activationCode: data.codigoActivacion ?? null, message: data.mensaje ?? null } };
    case "rechazado":
      return { ok: true, status, data: { state: "declined", message: data.mensaje ?? null } };
    case "en_proceso":
      return { ok: true, status, data: { state: "processing" } };
    case "no_recibido":
      return { ok: true, status, data: { state: "notReceived" } };
  }
}
