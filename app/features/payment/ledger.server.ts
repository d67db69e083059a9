/**
 * What the checkout remembers between requests, on the server only (never card data):
 *
 * - Idempotency. Every rendering of the pay step carries a fresh payment key. The charge for a
 *   key runs once: a second click, a reload of the POST, a retry after a dropped connection all
 *   get the first attempt's verdict (waiting for it if it is still running). The key also goes to
 *   the payments upstream as `Idempotency-Key`, which deduplicates on its side.
 * - The failure counter of a sale (docs/payment.md "after 3 errors the counter resets and the message
 *   shows"). Counted once per key, so a double submit of a declined card is one failure.
 *
 * In memory, like the attempt limits: one process. A deployment with several processes plugs a
 * shared store in here (the same one the attempt limits use).
 */
export const FAILURE_THRESHOLD = 3;
const TTL_MS = 2 * 60 * 60 * 1000;

export type ChargeVerdict =
  | { ok: true; orderId: string | null; activationCode?: string | null }
  | {
      ok: false;
      /** A catalogue key, or the provider's own text when it sent one. */
      messageKey: string;
      upstreamText?: string;
      /** Whether the upstream may have charged (timeout, connection lost): not counted, not retried blindly. */
      unknown: boolean;
    };

export type FailureTally = { failures: number; reset: boolean };

/** The counter after one more failure: at the threshold it resets, and says so. */
export function countFailure(failures: number): FailureTally {
  const next = failures + 1;
  return next >= FAILURE_THRESHOLD ? { failures: 0, reset: true } : { failures: next, reset: false };
}

type Entry = { saleUuid: string; verdict: Promise<ChargeVerdict & { tally?: FailureTally }>; at: number };

export class PaymentLedger {
  private readonly attempts = new Map<string, Entry>();
  private readonly failures = new Map<string, { count: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Runs `charge` once per payment key. A key already used for another sale is refused (null):
   * keys are not guessable, so that is a forged or mixed-up post.
   */
  run(paymentKey: string, saleUuid: string, charge: () => Promise<ChargeVerdict>): Promise<ChargeVerdict & { tally?: FailureTally }> | null {
    this.prune();
    const existing = this.attempts.get(paymentKey);
    if (existing) return existing.saleUuid === saleUuid ? existing.verdict : null;
    const verdict = charge().then((result) => {
      if (result.ok) {
        this.failures.delete(saleUuid);
        return result;
      }
      if (result.unknown) return result;
      const tally = countFailure(this.failuresOf(saleUuid));
      this.failures.set(saleUuid, { count: tally.failures, at: this.now() });
      return { ...result, tally };
    });
    this.attempts.set(paymentKey, { saleUuid, verdict, at: this.now() });
    return verdict;
  }

  /** The verdict of a key already used, if any (a reload of the POST after the sale left the session). */
  verdictOf(paymentKey: string): Promise<ChargeVerdict> | null {
    return this.attempts.get(paymentKey)?.verdict ?? null;
  }

  failuresOf(saleUuid: string): number {
    return this.failures.get(saleUuid)?.count ?? 0;
  }

  private prune() {
    const limit = this.now() - TTL_MS;
    for (const [key, entry] of this.attempts) if (entry.at < limit) this.attempts.delete(key);
    for (const [key, entry] of this.failures) if (entry.at < limit) this.failures.delete(key);
  }
}

export const paymentLedger = new PaymentLedger();
