/**
 * What the app keeps beyond one request, as interfaces: the durable logs (the `Store`) and the
 * shared keys and counters (`SharedState`). Each has a Redis backend, used when `REDIS_URL` is
 * set, and a local one (files, or this process's memory); ./store.server.ts picks them, once.
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

/**
 * State that every instance must see the same (docs/upstream.md "Shared state"): attempt limits
 * and lockouts, the payment ledger's claims and verdicts, the failure counter. Redis when
 * `REDIS_URL` is set (keys `bait:state:…`, all expiring), one process's otherwise (one instance:
 * `npm start` refuses several workers without Redis): in its memory (`memoryState`), or in its
 * memory with every change journaled to a file under `DATA_DIR` (`fileState`, which survives a
 * crash or a restart).
 */
export interface SharedState {
  /** Adds one to `key`; the window of `windowMs` starts with the first hit. */
  hit(key: string, windowMs: number): Promise<Window>;
  /** The count of `key` and when its window ends, or null when there is none. */
  peek(key: string): Promise<Window | null>;
  /**
   * Takes one back from `key` (an attempt reserved with `hit` that did not count after all), in one
   * atomic step; nothing when the window has ended or the count is at 0. The window keeps its end.
   */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Sets `key` for `ttlMs` unless it is set: true when this call set it (one instance wins). */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * The keys of the live values (set by `set` or `claim`, not expired) whose name starts with
   * `prefix`, as the caller named them, in no particular order: the payment sweep finds the open
   * payments with it. For small sets of keys: on Redis it is a SCAN of every key, which may
   * also list a `hit` counter under the prefix (keep counters and values under prefixes of their
   * own).
   */
  keys(prefix: string): Promise<string[]>;
  /**
   * Sends `message` to every listener of `channel`, on every instance that subscribed to it (Redis
   * PUBLISH; the in-process backends call this process's listeners, they are one instance). Fire
   * and forget: an instance that was not listening (not subscribed yet, or Redis reconnecting)
   * never gets it, so a listener that must not miss a change also reads the state now and then.
   */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `listener` with each message published to `channel` from now on (on Redis once the
   * subscription is in place, a moment later); returns the function that stops it. A listener
   * that throws is logged and does not stop the others.
   */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  /** Whether the state answers now (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
export type Window = { count: number; resetAt: number };
