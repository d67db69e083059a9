import { logger } from "~/lib/log.server";
import { paymentLedger, type PaymentLedger } from "./ledger.server";

/** How often the open payments are looked at (docs/payment.md "States of a payment"). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * Settles the payments whose outcome nobody learnt (the instance that charged died, the answer was
 * lost) and whose customer has not come back: on start and every minute, each open payment older
 * than the charge's timeout is settled from the provider's record (ledger.server.ts `sweep`; one
 * instance at a time per payment). The customer's next visit to /pago, or to /home signed in,
 * shows its confirmation or what failed. Runs once per process; the timer never keeps it alive.
 */
export function startPaymentSweep(ledger: PaymentLedger = paymentLedger, everyMs = SWEEP_EVERY_MS): () => void {
  const log = logger("payments");
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      const decided = await ledger.sweep();
      if (decided > 0) log.info({ decided }, "pagos pendientes resueltos con el registro del proveedor");
    } catch (error) {
      log.error({ err: error }, "no se pudieron revisar los pagos pendientes");
    } finally {
      running = false;
    }
  };
  void once();
  const timer = setInterval(() => void once(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

// One sweep per process, even when `npm run dev` loads a rebuild into it.
const STARTED = Symbol.for("bait.payment-sweep");
const processGlobal = globalThis as typeof globalThis & { [STARTED]?: boolean };

/** Starts the process's sweep once (called at boot, app/entry.server.tsx). */
export function startPaymentSweepOnce() {
  if (processGlobal[STARTED]) return;
  processGlobal[STARTED] = true;
  startPaymentSweep();
}
