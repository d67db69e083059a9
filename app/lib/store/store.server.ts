import { env } from "../env.server";
import { fileStore } from "./file.server";
import { redisStore } from "./redis.server";

/**
 * The durable store: state that must outlive the process and, with Redis, be shared by every
 * instance. Two backends behind one interface: Redis when `REDIS_URL` is set
 * (./redis.server.ts), append-only files under `DATA_DIR` otherwise (./file.server.ts). Today
 * it holds the lead outbox's log; other state that several instances must share (attempt
 * limits, lockouts, the payment ledger) joins as further members of `Store`.
 */

/** An entry of a log: its id (unique, given by the store) and the record as appended. */
export type LogEntry = { id: string; record: string };

/** An append-only log whose entries are acknowledged once handled. */
export interface DurableLog {
  /** Appends a record; resolves with its id once the record is durably stored. */
  append(record: string): Promise<string>;
  /** The entries appended and not acknowledged yet, oldest first; after a restart too. */
  pending(): Promise<LogEntry[]>;
  /** Marks an entry handled: it never comes back from `pending`, not even after a restart. */
  ack(id: string): Promise<void>;
}

export interface Store {
  /** The log called `name` (a file, or a Redis stream). */
  log(name: string): DurableLog;
  close(): Promise<void>;
}

/** The store this deployment uses: Redis when `REDIS_URL` is set, files under `DATA_DIR` otherwise. */
export function openStore(): Store {
  return env.redisUrl ? redisStore(env.redisUrl) : fileStore(env.dataDir);
}
