import { env } from "../env.server";
import { fileStore } from "./file.server";
import { redisStore } from "./redis.server";
import { fileState } from "./file-state.server";
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

/**
 * Which state this deployment keeps (docs/upstream.md "Shared state"): Redis with `REDIS_URL`;
 * otherwise, with real upstreams or an explicit `DATA_DIR`, a journal under `DATA_DIR` that
 * survives a crash or a deploy (one process: ./file-state.server.ts); memory only for the demo
 * (mocks on, no `DATA_DIR`), where a restart forgets sessions and payments, and the server says
 * so at start (server/index.ts). The start rules refuse real upstreams with neither.
 */
export function stateKind(): "redis" | "file" | "memory" {
  if (env.redisUrl) return "redis";
  return !env.mocks || env.dataDirGiven ? "file" : "memory";
}

// Kept on the process, not the module: `npm run dev` loads each rebuild of the app into the same
// process, and a rebuild must not forget the sessions, limits and records of the one before it.
const PROCESS_KEY = Symbol.for("bait.shared-state");
const processGlobal = globalThis as typeof globalThis & { [PROCESS_KEY]?: SharedState };

function openState(): SharedState {
  const kind = stateKind();
  if (kind === "redis") return redisState(env.redisUrl!);
  return kind === "file" ? fileState(env.dataDir) : memoryState();
}

/** This deployment's shared state. */
export const sharedState: SharedState = (processGlobal[PROCESS_KEY] ??= openState());
