import { logger } from "~/lib/log.server";
import { UpstreamError, type UpstreamResult } from "../http.server";

/**
 * How the payments upstream's answers become results.
 *
 * Results: `ok: true` with an English domain type when the flow may go on; `ok: false` with a
 * catalogue key when it must stop. A business refusal (`success: false`) is `kind: "http"` with
 * the answer's status (200) and the upstream's `mensaje` in `upstreamMessage` (a declined card's
 * message is shown as the provider wrote it). A malformed answer or a 5xx becomes the call's own
 * docs/payment.md message (set-up: 'Hubo un error al obtener la información del cliente…'; charge: 'Lo
 * sentimos, se ha tenido un problema al procesar tu pago.'); a timeout or network error keeps
 * the generic key, except for the charge, where it means "we do not know whether you paid".
 */

export const paymentKeys = {
  failed: "payment:payment.failed",
  unavailable: "payment:payment.unavailable",
  setupFailed: "payment:payment.setupFailed",
  outcomeUnknown: "payment:payment.outcomeUnknown",
  recurringFailed: "payment:recurring.failed",
} as const;

/** A malformed answer or a 5xx gets the call's own message; the rest keeps the generic key. */
export function withCallKey<T>(result: UpstreamResult<T>, key: string): UpstreamResult<T> {
  if (result.ok) return result;
  const { error } = result;
  if (error.kind === "invalidResponse" || (error.kind === "http" && (error.status ?? 0) >= 500)) {
    return { ok: false, error: new UpstreamError(error.call, error.kind, key, error.status, error.upstreamMessage) };
  }
  return result;
}

export function refused(call: string, key: string, status: number, message?: string | null): { ok: false; error: UpstreamError } {
  logger("upstream").error({ call, status }, "rechazado");
  return { ok: false, error: new UpstreamError(call, "http", key, status, message ?? undefined) };
}

export function invalid(call: string, key: string, reason: string, status?: number): { ok: false; error: UpstreamError } {
  logger("upstream").error({ call, status, reason }, "respuesta inutilizable");
  return { ok: false, error: new UpstreamError(call, "invalidResponse", key, status) };
}

/** A request the app itself got wrong never reaches the provider; the user sees the charge's message. */
export function unusable(call: string, reason: string): { ok: false; error: UpstreamError } {
  logger("upstream").error({ call, reason }, "petición inutilizable, no se envía");
  return { ok: false, error: new UpstreamError(call, "http", paymentKeys.failed, 400) };
}
