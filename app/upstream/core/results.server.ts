import { UpstreamError, type UpstreamResult } from "../http.server";

/**
 * Results of the core upstream's calls. Every function answers `UpstreamResult<Domain>` and
 * never throws:
 *   - transport and HTTP failures come from `upstreamFetch` with the call's catalogue keys;
 *   - a business "no" inside a 200 (`success: false`, a status code other than 0) is
 *     `{ ok: false, error: UpstreamRefusal }`: kind "http", status 200, the catalogue key for
 *     that answer, a `reason` the caller can branch on (e.g. "alreadyRegistered", "-1") and,
 *     when the upstream sent them, its message, `unlockDate` and `attemptsRemaining`.
 * Wire schemas (the `*.schemas.ts` beside each call group) keep the upstream's field names; the
 * `.transform` on each gives the app's English domain type.
 */

/** A business refusal: the upstream answered, and the answer is "no". */
export class UpstreamRefusal extends UpstreamError {
  readonly reason: string;
  readonly unlockDate?: string;
  readonly attemptsRemaining?: number;
  constructor(
    call: string,
    messageKey: string,
    reason: string,
    details: { status?: number; upstreamMessage?: string; unlockDate?: string; attemptsRemaining?: number } = {},
  ) {
    super(call, "http", messageKey, details.status ?? 200, details.upstreamMessage);
    this.name = "UpstreamRefusal";
    this.reason = reason;
    this.unlockDate = details.unlockDate;
    this.attemptsRemaining = details.attemptsRemaining;
  }
}

export const refuse = (...args: ConstructorParameters<typeof UpstreamRefusal>): { ok: false; error: UpstreamRefusal } => ({
  ok: false,
  error: new UpstreamRefusal(...args),
});


export const ok = <T>(data: T, status = 200): UpstreamResult<T> => ({ ok: true, data, status });
