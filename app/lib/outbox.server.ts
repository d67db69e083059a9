import { logger } from "./log.server";
import type { DurableLog } from "./store/store.server";

/**
 * A durable outbox (docs/leads.md "No lead is ever lost"): `add` appends the item to a durable
 * log and resolves once it is stored; a delivery loop hands the pending items to `deliver`, in
 * the order they were added, until each is accepted, retrying with exponential backoff. An
 * item is acknowledged in the log only after `deliver` says it was accepted, so it is
 * delivered again after a restart until then. If the process dies between the receiver's
 * acceptance and the acknowledgement, the item is sent twice: `deliver` gets the item's id to
 * send as an idempotency key, which lets the receiver tell.
 */

/** What a delivery attempt came to: accepted; failed for now (try again later); refused for good. */
export type DeliveryOutcome = "delivered" | "retry" | "rejected";

export type Backoff = { baseMs: number; maxMs: number };

/** Waits after the n-th failed attempt in a row (1, 2, …): base · 2^(n-1), capped at max. */
export const backoffDelay = (failures: number, { baseMs, maxMs }: Backoff) => Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));

export type Outbox<T> = {
  /** Stores the item durably and resolves with its id; delivery happens later. */
  add(item: T): Promise<string>;
  /** Starts the delivery loop (it first delivers what a previous run left pending). */
  start(): void;
  /** Stops the loop after the attempt under way, if any. */
  stop(): Promise<void>;
};

export function createOutbox<T>({
  log,
  deliver,
  backoff = { baseMs: 1_000, maxMs: 5 * 60_000 },
  idleMs = 30_000,
  name = "outbox",
}: {
  log: DurableLog;
  deliver: (item: T, id: string) => Promise<DeliveryOutcome>;
  backoff?: Backoff;
  /** How often an idle loop looks at the log anyway (another instance may have added to it). */
  idleMs?: number;
  name?: string;
}): Outbox<T> {
  let running: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;
  /** Whether the loop is waiting with nothing to deliver (rather than backing off). */
  let idle = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** Delivers the pending items in order; answers how long to wait before the next pass. */
  async function pass(failures: number): Promise<{ failures: number; waitMs: number }> {
    const entries = await log.pending();
    for (const entry of entries) {
      if (stopping) return { failures, waitMs: 0 };
      let item: T;
      try {
        item = JSON.parse(entry.record) as T;
      } catch {
        logger("outbox").error({ outbox: name, entry: entry.id }, "registro ilegible: se descarta");
        await log.ack(entry.id);
        continue;
      }
      const outcome = await deliver(item, entry.id).catch((error: unknown) => {
        logger("outbox").error({ outbox: name, entry: entry.id, err: error }, "entrega falló");
        return "retry" as const;
      });
      if (outcome === "retry") {
        // The order is kept: later items wait behind the one that failed.
        const next = failures + 1;
        logger("outbox").warn({ outbox: name, entry: entry.id, attempt: next }, "entrega rechazada por ahora");
        return { failures: next, waitMs: backoffDelay(next, backoff) };
      }
      if (outcome === "rejected") logger("outbox").error({ outbox: name, entry: entry.id }, "entrega rechazada sin remedio: se retira de la cola");
      await log.ack(entry.id);
      failures = 0;
    }
    return { failures: 0, waitMs: entries.length > 0 ? 0 : idleMs };
  }

  async function loop() {
    let failures = 0;
    while (!stopping) {
      let waitMs: number;
      try {
        ({ failures, waitMs } = await pass(failures));
      } catch (error) {
        // The store itself failed (Redis unreachable): back off as for a refused delivery.
        failures += 1;
        waitMs = backoffDelay(failures, backoff);
        logger("outbox").error({ outbox: name, err: error }, "no se pudo leer la cola");
      }
      idle = failures === 0;
      if (!stopping && waitMs > 0) await sleep(waitMs);
      idle = false;
    }
  }

  return {
    async add(item) {
      const id = await log.append(JSON.stringify(item));
      // An idle loop looks at once; one backing off keeps waiting (the order is kept).
      if (idle) wake?.();
      return id;
    },
    start() {
      if (running) return;
      stopping = false;
      running = loop().finally(() => {
        running = null;
      });
    },
    async stop() {
      stopping = true;
      wake?.();
      await running;
    },
  };
}
