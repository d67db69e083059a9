import { env } from "../env.server";
import { fileStore } from "./file.server";
import { redisStore } from "./redis.server";
import { memoryState, redisState } from "./shared-state.server";
import type { SharedState, Store } from "./types";

export type { DurableLog, LogEntry, SharedState, Store } from "./types";

/**
 * The one place that picks the backends (docs/upstream.md "Shared state"): Redis when
 * `REDIS_URL` is set, for the durable logs (the lead outbox) and the shared state alike (attempt
 * limits, lockouts, sessions, the payment ledger); otherwise append-only files under `DATA_DIR`
 * for the logs and this process's memory for the state (one instance: `npm start` refuses
 * several workers without Redis).
 */

/** The durable store this deployment uses. */
export function openStore(): Store {
  return env.redisUrl ? redisStore(env.redisUrl) : fileStore(env.dataDir);
}

// Kept on the process, not the module: `npm run dev` loads each rebuild of the app into the same
// process, and a rebuild must not forget the sessions, limits and records of the one before it.
const PROCESS_KEY = Symbol.for("bait.shared-state");
const processGlobal = globalThis as typeof globalThis & { [PROCESS_KEY]?: SharedState };

/** This deployment's shared state. */
export const sharedState: SharedState = (processGlobal[PROCESS_KEY] ??= env.redisUrl ? redisState(env.redisUrl) : memoryState());
