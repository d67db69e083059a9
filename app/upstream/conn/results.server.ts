import { logger } from "~/lib/log.server";
import { UpstreamError, type UpstreamResult } from "../http.server";

/**
 * Results of the legacy "conn/page" upstream's calls, one rule for every function:
 * - `{ ok: false, error }` only when the call itself failed (timeout, network, HTTP error,
 *   an answer that breaks its schema). `error.messageKey` is the catalogue message of docs/upstream.md
 *   for that call (e.g. offers → "recharge:offers.error", login → "auth:login.failed").
 *   Reads (offers, balance, CDN, serviceability) whose body says `success: false` also end
 *   here, as kind "http" with the upstream's text in `error.upstreamMessage`.
 * - `{ ok: true, data }` when the upstream answered. For the account operations `data` is a
 *   discriminated `outcome` ("signedIn", "refused", "locked", …); every refusal carries the
 *   `messageKey` to show and, when the upstream sent one, its own `upstreamMessage` (login
 *   shows the server's text, docs/upstream.md).
 * Nothing here throws.
 */

export type ConnOptions = { timeoutMs?: number };

/** Every failure of a call shows that call's own catalogue message, except those listed in `keep`. */
export function withMessage<T>(result: UpstreamResult<T>, messageKey: string, keep: (error: UpstreamError) => boolean = () => false): UpstreamResult<T> {
  if (result.ok || keep(result.error)) return result;
  const { call, kind, status, upstreamMessage } = result.error;
  return { ok: false, error: new UpstreamError(call, kind, messageKey, status, upstreamMessage) };
}

export function refusedRead(call: string, messageKey: string, status: number, upstreamMessage?: string | null): UpstreamResult<never> {
  logger("upstream").error({ call, status }, "success=false");
  return { ok: false, error: new UpstreamError(call, "http", messageKey, status, upstreamMessage ?? undefined) };
}

export const isUnauthorized = (error: UpstreamError) => error.status === 401 || error.status === 403;
