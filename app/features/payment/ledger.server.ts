import { sharedState } from "~/lib/store/store.server";
import type { SharedState } from "~/lib/store/shared-state.server";

/**
 * What the checkout remembers between requests, on the server only (never card data), in the
 * shared state (Redis when `REDIS_URL` is set, so every instance sees the same; memory otherwise):
 *
 * - Idempotency. Every rendering of the pay step carries a fresh payment key. The charge for a
 *   key runs once, on whichever instance claims the key first: a second click, a reload of the
 *   POST, a retry after a dropped connection, the same form posted to another instance all get
 *   the first attempt's verdict (waiting for it while it runs). The key also goes to the payments
 *   upstream as `Idempotency-Key`, which deduplicates on its side.
 * - The failure counter of a sale (docs/payment.md "after 3 errors the counter resets and the message
 *   shows"). Counted once per key, so a double submit of a declined card is one failure.
 *
 * While the shared state does not answer nothing is charged: the visitor gets the service's
 * 'not available' message and may try again.
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

export type LedgerVerdict = ChargeVerdict & { tally?: FailureTally };

/** How long another instance waits for the verdict of a charge it did not run. */
const WAIT_MS = 45_000;
const POLL_MS = 200;
const UNAVAILABLE: ChargeVerdict = { ok: false, messageKey: "errors:upstream.unavailable", unknown: true };

export class PaymentLedger {
  /** This instance's charges under way: a double submit here waits on the same promise. */
  private readonly running = new Map<string, Promise<LedgerVerdict>>();

  constructor(
    private readonly state: SharedState = sharedState,
    private readonly timing: { waitMs: number; pollMs: number } = { waitMs: WAIT_MS, pollMs: POLL_MS },
  ) {}

  /**
   * Runs `charge` once per payment key, across instances. A key already used for another sale is
   * refused (null): keys are not guessable, so that is a forged or mixed-up post.
   */
  async run(paymentKey: string, saleUuid: string, charge: () => Promise<ChargeVerdict>): Promise<LedgerVerdict | null> {
    const here = this.running.get(paymentKey);
    if (here) return (await this.ownerOf(paymentKey)) === saleUuid ? here : null;
    let claimed: boolean;
    try {
      claimed = await this.state.claim(`pay:${paymentKey}`, saleUuid, TTL_MS);
    } catch {
      return UNAVAILABLE;
    }
    if (!claimed) {
      const owner = await this.ownerOf(paymentKey);
      return owner === saleUuid ? this.awaitVerdict(paymentKey) : null;
    }
    const verdict = this.settle(paymentKey, saleUuid, charge);
    this.running.set(paymentKey, verdict);
    try {
      return await verdict;
    } finally {
      this.running.delete(paymentKey);
    }
  }

  /** The verdict of a key already used, if any (a reload of the POST after the sale left the session). */
  async verdictOf(paymentKey: string): Promise<LedgerVerdict | null> {
    const here = this.running.get(paymentKey);
    if (here) return here;
    const stored = await this.state.get(`pay:${paymentKey}:verdict`).catch(() => null);
    return stored ? (JSON.parse(stored) as LedgerVerdict) : null;
  }

  async failuresOf(saleUuid: string): Promise<number> {
    return (await this.state.peek(`payfail:${saleUuid}`).catch(() => null))?.count ?? 0;
  }

  private async settle(paymentKey: string, saleUuid: string, charge: () => Promise<ChargeVerdict>): Promise<LedgerVerdict> {
    const result = await charge();
    let verdict: LedgerVerdict = result;
    try {
      if (result.ok) await this.state.clear(`payfail:${saleUuid}`);
      else if (!result.unknown) {
        const { count } = await this.state.hit(`payfail:${saleUuid}`, TTL_MS);
        const tally = countFailure(count - 1);
        if (tally.reset) await this.state.clear(`payfail:${saleUuid}`);
        verdict = { ...result, tally };
      }
      await this.state.set(`pay:${paymentKey}:verdict`, JSON.stringify(verdict), TTL_MS);
    } catch {
      // The charge happened; the visitor gets its verdict even if it could not be kept.
    }
    return verdict;
  }

  private ownerOf(paymentKey: string): Promise<string | null> {
    return this.state.get(`pay:${paymentKey}`).catch(() => null);
  }

  /** Another instance runs this key's charge: its verdict, once kept; the 'not available' message if it never comes. */
  private async awaitVerdict(paymentKey: string): Promise<LedgerVerdict> {
    const until = Date.now() + this.timing.waitMs;
    while (Date.now() < until) {
      const verdict = await this.verdictOf(paymentKey);
      if (verdict) return verdict;
      await new Promise((resolve) => setTimeout(resolve, this.timing.pollMs));
    }
    return UNAVAILABLE;
  }
}

export const paymentLedger = new PaymentLedger();
