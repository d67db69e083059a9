import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { countPayment, type PaymentSource } from "~/lib/metrics.server";
import { sharedState } from "~/lib/store/store.server";
import type { SharedState } from "~/lib/store/shared-state.server";
import { chargeStatus } from "~/upstream/payments/charge-status.server";
import type { PaymentChannel } from "~/upstream/payments/common.schemas";

/**
 * What the checkout remembers about a payment, on the server only (never card data), in the
 * shared state (Redis with `REDIS_URL`; with real upstreams and one server, the journal under
 * `DATA_DIR`; memory only in the demo), so that it survives a crash or a deploy
 * (docs/payment.md "States of a payment"):
 *
 * - **One charge per payment key.** Every rendering of the pay step carries a fresh key; the
 *   charge for a key runs once, on whichever instance claims it first (`pay:<key>`). A second
 *   click, a reload of the POST, the same form posted to another instance get the first attempt's
 *   verdict. The key goes to the provider as `Idempotency-Key`.
 * - **One payment of a sale at a time.** Before a charge is sent, the sale's open payment is
 *   claimed and written (`payopen:<sale>`: the key, when it was sent, and how to ask the provider
 *   about it). While it is open and has no verdict, the outcome is unknown: the checkout shows
 *   "Estamos confirmando tu pago…" and never a fresh pay step, whatever key a post carries.
 * - **An unknown outcome is settled from the provider's record**, never by charging again: the
 *   provider's status of that key (`chargeStatus`). Approved and declined are verdicts; "never
 *   received" is one too, but only once the attempt is older than the charge's timeout (before
 *   that the request may still arrive). `reconcile` does it when the customer comes back, and
 *   `sweep` every minute for the payments nobody came back for.
 * - **A verdict is recorded once** (`pay:<key>:verdict`, set-if-absent): whoever records it
 *   first (the instance that charged, the customer's next visit, the sweep) counts a decline
 *   toward the sale's failure counter (three in a row reset it); the others read it.
 * - **Told, then closed.** The open payment stays until the customer has been told its verdict
 *   (`told`): a crash between the charge and the answer leaves it for the next visit to tell.
 *
 * While the shared state does not answer nothing is charged: the visitor gets the service's
 * 'not available' message and may try again.
 */
export const FAILURE_THRESHOLD = 3;
/** How long a key's claim and verdict are kept (a reload of the POST within it gets the verdict). */
const TTL_MS = 2 * 60 * 60 * 1000;
/** How long an open payment is kept while its outcome is unknown: a provider answers well before. */
const OPEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type ChargeVerdict =
  | { ok: true; orderId: string | null; activationCode?: string | null }
  | {
      ok: false;
      /** A catalogue key, or the provider's own text when it sent one. */
      messageKey: string;
      upstreamText?: string;
      /** Whether the upstream may have charged (timeout, connection lost): the outcome is unknown, not a decline. */
      unknown: boolean;
    };

/** The provider says it never received the attempt: nothing was charged, the customer may pay again. */
export type NotReceived = { ok: false; notReceived: true; messageKey: string; unknown: false };

export type FailureTally = { failures: number; reset: boolean };

/** The counter after one more failure: at the threshold it resets, and says so. */
export function countFailure(failures: number): FailureTally {
  const next = failures + 1;
  return next >= FAILURE_THRESHOLD ? { failures: 0, reset: true } : { failures: next, reset: false };
}

/** A recorded verdict: approved, declined (with the failure tally it made) or never received. */
export type LedgerVerdict = (Extract<ChargeVerdict, { ok: true }> | (Extract<ChargeVerdict, { ok: false }> & { notReceived?: false }) | NotReceived) & { tally?: FailureTally };

/** How the provider's record of a payment is asked for: what /cobrar was sent with. */
export type PaymentLookup = { channel: PaymentChannel; store: string; formOrigin: string };

/** A payment of a sale that was sent and whose customer has not been told its verdict yet. */
export type OpenPayment = { key: string; saleUuid: string; sentAt: number; lookup: PaymentLookup };

/** The provider's record of a payment key, or null when it could not be read (try again later). */
export type ProviderRecord =
  | { state: "approved"; orderId: string | null; activationCode: string | null }
  | { state: "declined"; message: string | null }
  | { state: "processing" }
  | { state: "notReceived" };

export type RunResult =
  /** The verdict of this key (the charge's, or the one recorded before for it). */
  | { kind: "decided"; verdict: LedgerVerdict }
  /** Sent, and the outcome is not known yet (this key's, or another open payment of the sale). */
  | { kind: "pending" }
  /** Nothing was sent: the shared state did not answer. */
  | { kind: "unavailable" }
  /** The key belongs to another sale: a forged or mixed-up post. */
  | { kind: "refused" };

export type Reconciled = { kind: "none" } | { kind: "pending"; open: OpenPayment } | { kind: "decided"; open: OpenPayment; verdict: LedgerVerdict };

const NOT_RECEIVED: NotReceived = { ok: false, notReceived: true, messageKey: "payment:recovery.notReceived", unknown: false };

/** How another instance waits for the verdict of a charge it did not run. */
const WAIT_MS = 45_000;
const POLL_MS = 200;

type Timing = {
  waitMs: number;
  pollMs: number;
  /** An attempt older than this is over on the wire: the charge's own timeout and a margin. */
  settleAfterMs: number;
};

/** The provider's status of a key, through the payments upstream. */
async function providerRecord(open: OpenPayment): Promise<ProviderRecord | null> {
  const result = await chargeStatus({ ...open.lookup, idempotencyKey: open.key });
  if (!result.ok) return null;
  const status = result.data;
  if (status.state === "approved") return { state: "approved", orderId: status.orderId, activationCode: status.activationCode };
  if (status.state === "declined") return { state: "declined", message: status.message };
  return status;
}

export class PaymentLedger {
  /** This instance's charges under way: a double submit here waits on the same promise. */
  private readonly running = new Map<string, Promise<RunResult>>();
  private readonly timing: Timing;

  constructor(
    private readonly state: SharedState = sharedState,
    timing: Partial<Timing> = {},
    private readonly readRecord: (open: OpenPayment) => Promise<ProviderRecord | null> = providerRecord,
    private readonly clock: () => number = () => Date.now(),
  ) {
    this.timing = { waitMs: WAIT_MS, pollMs: POLL_MS, settleAfterMs: env.upstreamTimeoutMs * 3 + 5_000, ...timing };
  }

  /** Whether a charge is under way in this process (a deploy waits for them: server/index.ts). */
  get charging(): number {
    return this.running.size;
  }

  /**
   * Runs `charge` once per payment key and one at a time per sale, across instances and restarts.
   * An unknown outcome (`unknown: true`: a timeout, a lost connection) leaves the payment open.
   */
  async run(paymentKey: string, saleUuid: string, lookup: PaymentLookup, charge: () => Promise<ChargeVerdict>): Promise<RunResult> {
    const here = this.running.get(paymentKey);
    if (here) return (await this.ownerOf(paymentKey)) === saleUuid ? here : { kind: "refused" };
    let claimed: boolean;
    try {
      claimed = await this.state.claim(`pay:${paymentKey}`, saleUuid, TTL_MS);
    } catch {
      return { kind: "unavailable" };
    }
    if (!claimed) return this.repeated(paymentKey, saleUuid);

    const open: OpenPayment = { key: paymentKey, saleUuid, sentAt: this.clock(), lookup };
    let locked: boolean;
    try {
      locked = await this.lockSale(open);
    } catch {
      return { kind: "unavailable" };
    }
    if (!locked) return { kind: "pending" };

    const result = this.charge(open, charge);
    this.running.set(paymentKey, result);
    try {
      return await result;
    } finally {
      this.running.delete(paymentKey);
    }
  }

  /** The verdict of a key already used, if any (a reload of the POST after the sale left the session). */
  async verdictOf(paymentKey: string): Promise<LedgerVerdict | null> {
    const stored = await this.state.get(`pay:${paymentKey}:verdict`).catch(() => null);
    return stored ? (JSON.parse(stored) as LedgerVerdict) : null;
  }

  async failuresOf(saleUuid: string): Promise<number> {
    return (await this.state.peek(`payfail:${saleUuid}`).catch(() => null))?.count ?? 0;
  }

  /** The sale's payment whose customer has not been told its verdict, if any. */
  async openOf(saleUuid: string): Promise<OpenPayment | null> {
    return parseOpen(await this.state.get(`payopen:${saleUuid}`));
  }

  /**
   * Where the sale's last payment stands, settling it from the provider's record when its
   * outcome is unknown: nothing open, still pending, or decided (and not told yet).
   */
  async reconcile(saleUuid: string, source: PaymentSource = "visit"): Promise<Reconciled> {
    const open = await this.openOf(saleUuid);
    if (!open) return { kind: "none" };
    const kept = await this.verdictOf(open.key);
    if (kept) return { kind: "decided", open, verdict: kept };
    if (this.running.has(open.key)) return { kind: "pending", open };
    const record = await this.readRecord(open).catch(() => null);
    const verdict = await this.verdictFromRecord(open, record, source);
    return verdict ? { kind: "decided", open, verdict } : { kind: "pending", open };
  }

  /** The customer has been told the verdict of `paymentKey`: the sale may pay again. */
  async told(saleUuid: string, paymentKey: string): Promise<void> {
    const open = await this.openOf(saleUuid).catch(() => null);
    if (open?.key === paymentKey) await this.state.clear(`payopen:${saleUuid}`).catch(() => undefined);
  }

  /**
   * Settles the open payments nobody came back for (on start and every minute: ./sweep.server.ts).
   * Only attempts older than the charge's timeout; each by one instance at a time (a claim).
   * Resolves with how many were decided.
   */
  async sweep(): Promise<number> {
    let decided = 0;
    for (const name of await this.state.keys("payopen:")) {
      const open = parseOpen(await this.state.get(name).catch(() => null));
      if (!open || this.clock() - open.sentAt < this.timing.settleAfterMs || this.running.has(open.key)) continue;
      if (await this.verdictOf(open.key)) continue;
      if (!(await this.state.claim(`paysweep:${open.key}`, "1", 60_000).catch(() => false))) continue;
      const outcome = await this.reconcile(open.saleUuid, "sweep");
      if (outcome.kind === "decided") decided += 1;
    }
    return decided;
  }

  // ——— inside ———

  /** Claims the sale for this attempt; a decided attempt whose customer was not told yet gives way. */
  private async lockSale(open: OpenPayment): Promise<boolean> {
    const name = `payopen:${open.saleUuid}`;
    if (await this.state.claim(name, JSON.stringify(open), OPEN_TTL_MS)) return true;
    const other = await this.openOf(open.saleUuid);
    if (other && !(await this.verdictOf(other.key))) return false;
    await this.state.clear(name);
    return this.state.claim(name, JSON.stringify(open), OPEN_TTL_MS);
  }

  private async charge(open: OpenPayment, charge: () => Promise<ChargeVerdict>): Promise<RunResult> {
    const result = await charge().catch((error: unknown): ChargeVerdict => {
      logger("payments").error({ err: error }, "el cobro falló sin respuesta");
      return { ok: false, messageKey: "payment:payment.outcomeUnknown", unknown: true };
    });
    // The provider may have charged: the payment stays open until its record says.
    if (!result.ok && result.unknown) {
      countPayment("unknown", "charge");
      return { kind: "pending" };
    }
    try {
      return { kind: "decided", verdict: await this.record(open.key, open.saleUuid, result, "charge") };
    } catch {
      // The charge happened; the visitor gets its verdict even if it could not be kept.
      return { kind: "decided", verdict: result };
    }
  }

  /** A key claimed before: its verdict, the running charge's, or the provider's record once the attempt is over. */
  private async repeated(paymentKey: string, saleUuid: string): Promise<RunResult> {
    if ((await this.ownerOf(paymentKey)) !== saleUuid) return { kind: "refused" };
    const kept = await this.verdictOf(paymentKey);
    if (kept) return { kind: "decided", verdict: kept };
    const open = await this.openOf(saleUuid).catch(() => null);
    if (open?.key === paymentKey && this.clock() - open.sentAt >= this.timing.settleAfterMs) {
      // Nobody is charging it any more (the instance died): settle it from the provider's record.
      const outcome = await this.reconcile(saleUuid);
      return outcome.kind === "decided" ? { kind: "decided", verdict: outcome.verdict } : { kind: "pending" };
    }
    return this.awaitVerdict(paymentKey);
  }

  /** The verdict the provider's record gives, recorded; null while it is not known. */
  private async verdictFromRecord(open: OpenPayment, record: ProviderRecord | null, source: PaymentSource): Promise<LedgerVerdict | null> {
    if (!record || record.state === "processing") return null;
    if (record.state === "notReceived") {
      // Before the charge's timeout the request may still be on its way to the provider.
      if (this.clock() - open.sentAt < this.timing.settleAfterMs) return null;
      return this.record(open.key, open.saleUuid, NOT_RECEIVED, source);
    }
    const verdict: ChargeVerdict =
      record.state === "approved"
        ? { ok: true, orderId: record.orderId, ...(record.activationCode ? { activationCode: record.activationCode } : {}) }
        : { ok: false, messageKey: "payment:payment.failed", ...(record.message ? { upstreamText: record.message } : {}), unknown: false };
    return this.record(open.key, open.saleUuid, verdict, source);
  }

  /**
   * Records a verdict once: the first writer wins and counts a decline toward the sale's failure
   * counter (then rewrites it with the tally); a later writer gets the one recorded. The first
   * writer counts it in the metrics, with who settled it (`source`).
   */
  private async record(paymentKey: string, saleUuid: string, outcome: ChargeVerdict | NotReceived, source: PaymentSource): Promise<LedgerVerdict> {
    const name = `pay:${paymentKey}:verdict`;
    if (!(await this.state.claim(name, JSON.stringify(outcome), TTL_MS))) return (await this.verdictOf(paymentKey)) ?? outcome;
    countPayment(outcome.ok ? "charged" : "notReceived" in outcome ? "never_received" : "declined", source);
    if (outcome.ok) {
      await this.state.clear(`payfail:${saleUuid}`);
      return outcome;
    }
    if ("notReceived" in outcome) return outcome;
    const { count } = await this.state.hit(`payfail:${saleUuid}`, TTL_MS);
    const tally = countFailure(count - 1);
    if (tally.reset) await this.state.clear(`payfail:${saleUuid}`);
    const verdict: LedgerVerdict = { ...outcome, tally };
    await this.state.set(name, JSON.stringify(verdict), TTL_MS);
    return verdict;
  }

  private ownerOf(paymentKey: string): Promise<string | null> {
    return this.state.get(`pay:${paymentKey}`).catch(() => null);
  }

  /** Another instance runs this key's charge: its verdict once kept; still pending if it never comes. */
  private async awaitVerdict(paymentKey: string): Promise<RunResult> {
    const until = Date.now() + this.timing.waitMs;
    while (Date.now() < until) {
      const verdict = await this.verdictOf(paymentKey);
      if (verdict) return { kind: "decided", verdict };
      await new Promise((resolve) => setTimeout(resolve, this.timing.pollMs));
    }
    return { kind: "pending" };
  }
}

function parseOpen(raw: string | null): OpenPayment | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as OpenPayment;
    return typeof value?.key === "string" && typeof value.saleUuid === "string" && typeof value.sentAt === "number" && value.lookup ? value : null;
  } catch {
    return null;
  }
}

// Kept on the process, as the shared state is: `npm run dev` loads each rebuild into the same
// process, and a deploy's drain (server/index.ts) counts this process's charges under way.
const PROCESS_KEY = Symbol.for("bait.payment-ledger");
const processGlobal = globalThis as typeof globalThis & { [PROCESS_KEY]?: PaymentLedger };
export const paymentLedger: PaymentLedger = (processGlobal[PROCESS_KEY] ??= new PaymentLedger());
