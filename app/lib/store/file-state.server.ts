import { close, fdatasync, mkdirSync, open as openFd, openSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { lineOf, parseLine, readJournal, rewriteSync, syncDirectory, writeAll, type Operation } from "./journal.server";
import { localPubSub } from "./shared-state.server";
import { releaseLock, takeLock, unwritable } from "./state-lock.server";
import type { SharedState, Window } from "./types";

/**
 * The shared state without Redis that survives a crash or a restart: the state of ./shared-state
 * .server.ts's `memoryState` (counters with their windows, values with their time to live), kept
 * in this process's memory and journaled to `state.journal` under `dir` (`DATA_DIR`), one JSON
 * line per change holding the state it left, so that replaying the lines in order gives the state
 * back (./journal.server.ts: the line format and the durable writes).
 *
 * - Durable: a change (a hit, a release, a clear, a claim won, a set) resolves only once its line is written
 *   and flushed to the disk (fdatasync), so what a caller was told is stored is there after a
 *   SIGKILL or a power cut. The lines of the changes made while a write is on its way go together
 *   in the next write and its one fdatasync (group commit): a burst of callers costs one sync per
 *   batch, not one per call. A claim lost and a clear of nothing write nothing. Reads (`get`,
 *   `peek`, `keys`) are answered from memory.
 * - A change is made in memory at once, before its line is written: a claim stays atomic (the
 *   second of two claims sees the first) and a read sees the change, like `memoryState`. When a
 *   write fails (disk full, I/O error), the callers of that batch get the error, the change stays
 *   in memory (its outcome is unknown to the caller, as with a Redis command that timed out) and
 *   `ping` answers false; the next change rewrites the journal from memory instead of appending to
 *   a file that may end with half a line, and `ping` answers true again once that worked.
 * - Opening replays the journal (a line cut short by a crash was never acknowledged: it is
 *   skipped) and rewrites it with only the live entries; so does every `compactAfter` lines
 *   appended, in the write queue. Expired sessions and payments do not stay on the disk for long.
 * - The state belongs to one process, which holds `state.lock` (its pid; ./state-lock.server.ts) while it is open: another
 *   live process opening the same folder is refused (an EnvError, which server/index.ts prints as a
 *   refusal to start); a lock left by a process that is gone is taken over. Several instances of
 *   the site share their state through Redis (`REDIS_URL`), not through this file.
 *
 * Values are stored as given (session records, payment records: JSON strings of a few KB) in a
 * file only this user can read (0600), and never logged.
 *
 * `publish` and `subscribe` stay in this process (the state is one process's): a publish calls
 * the listeners of its channel here, and nothing of it is journaled.
 */
export type FileState = SharedState & {
  /** Resolves once the changes made so far are on the disk (or their write failed). */
  flush(): Promise<void>;
};

export type FileStateOptions = {
  clock?: () => number;
  /** Lines appended after which the journal is rewritten with only the live entries. */
  compactAfter?: number;
};

type Value = { value: string; until: number };
type Waiter = { line: string; resolve: () => void; reject: (error: unknown) => void };

// The folders open in this process: opening one twice would make two journals of one file.
const OPEN_KEY = Symbol.for("bait.file-state.open");
const processGlobal = globalThis as typeof globalThis & { [OPEN_KEY]?: Set<string> };
const openHere = (processGlobal[OPEN_KEY] ??= new Set<string>());

const fdatasyncAsync = promisify(fdatasync);
const openAsync = promisify(openFd);
const closeAsync = promisify(close);

/** The shared state of one process, journaled under `dir`; opening it is synchronous. */
export function fileState(dir: string, options: FileStateOptions = {}): FileState {
  const clock = options.clock ?? (() => Date.now());
  const compactAfter = options.compactAfter ?? 20_000;
  const root = path.resolve(dir);
  const journal = path.join(root, "state.journal");
  const lock = path.join(root, "state.lock");
  const counters = new Map<string, Window>();
  const values = new Map<string, Value>();

  const liveCounter = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt > clock()) return entry;
    counters.delete(key);
    return null;
  };
  const liveValue = (key: string) => {
    const entry = values.get(key);
    if (entry && entry.until > clock()) return entry;
    values.delete(key);
    return null;
  };
  // Old entries go when a map grows: a flood of distinct keys cannot exhaust memory.
  const prune = () => {
    if (counters.size > 50_000) for (const [key] of counters) liveCounter(key);
    if (values.size > 50_000) for (const [key] of values) liveValue(key);
  };
  /** The journal of the live entries alone (expired ones leave the memory too). */
  const snapshot = () => {
    const lines: string[] = [];
    for (const [key, entry] of counters) if (liveCounter(key)) lines.push(lineOf({ c: key, n: entry.count, r: entry.resetAt }));
    for (const [key, entry] of values) if (liveValue(key)) lines.push(lineOf({ v: key, s: entry.value, u: entry.until }));
    return lines.join("");
  };

  // Opening: the folder, the lock, the replay, the compacted journal, then the journal to append to.
  if (openHere.has(root)) throw new Error(`DATA_DIR: el estado de ${dir} ya está abierto en este proceso`);
  try {
    mkdirSync(root, { recursive: true });
  } catch (error) {
    throw unwritable(dir, error);
  }
  takeLock(lock, dir);
  let fd: number;
  try {
    for (const line of readJournal(journal).split("\n")) {
      // A line cut short by a crash was never acknowledged to anyone: it is skipped.
      const operation = parseLine(line);
      if (operation) apply(operation);
    }
    rewriteSync(journal, snapshot());
    fd = openSync(journal, "a", 0o600);
  } catch (error) {
    releaseLock(lock);
    throw unwritable(dir, error);
  }
  openHere.add(root);

  function apply(operation: Operation) {
    if ("c" in operation) counters.set(operation.c, { count: operation.n, resetAt: operation.r });
    else if ("v" in operation) values.set(operation.v, { value: operation.s, until: operation.u });
    else {
      counters.delete(operation.x);
      values.delete(operation.x);
    }
  }

  // The write queue: one batch at a time, in order; what is queued meanwhile is the next batch.
  let queued: Waiter[] = [];
  let draining: Promise<void> | null = null;
  let linesSinceCompaction = 0;
  // The last write failed: the file may end with half a line and lacks changes memory has.
  let failed = false;
  let closed = false;

  const commit = (operation: Operation) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ line: lineOf(operation), resolve, reject });
      draining ??= drain();
    });

  async function drain() {
    // The calls made in the same tick as the first join its batch.
    await Promise.resolve();
    try {
      while (queued.length > 0) {
        const batch = queued;
        queued = [];
        try {
          // After a failed write the file is rewritten from memory, which holds this batch's changes.
          if (failed) await compact();
          else {
            await writeAll(fd, Buffer.from(batch.map((waiter) => waiter.line).join(""), "utf8"));
            await fdatasyncAsync(fd);
            linesSinceCompaction += batch.length;
          }
          failed = false;
          for (const waiter of batch) waiter.resolve();
        } catch (error) {
          failed = true;
          for (const waiter of batch) waiter.reject(error);
          continue;
        }
        // The rewrite holds the changes queued meanwhile too; their lines follow it. A failed one
        // may have left the journal renamed away: the next batch rewrites it (`failed`).
        if (linesSinceCompaction >= compactAfter) {
          await compact().catch(() => {
            failed = true;
          });
        }
      }
    } finally {
      draining = null;
    }
  }

  /** Rewrites the journal with what memory holds now; the lines queued after it are appended to it. */
  async function compact() {
    const text = snapshot();
    const temporary = `${journal}.tmp`;
    const out = await open(temporary, "w", 0o600);
    try {
      await out.writeFile(text, "utf8");
      await out.datasync();
    } finally {
      await out.close();
    }
    await rename(temporary, journal);
    await syncDirectory(root);
    const previous = fd;
    fd = await openAsync(journal, "a", 0o600);
    linesSinceCompaction = 0;
    await closeAsync(previous).catch(() => undefined);
  }

  const flush = async () => {
    while (draining) await draining;
  };
  const refuseClosed = () => Promise.reject(new Error("el estado compartido está cerrado"));
  const channels = localPubSub();

  return {
    async hit(key, windowMs) {
      if (closed) return refuseClosed();
      const entry = liveCounter(key) ?? { count: 0, resetAt: clock() + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      prune();
      const window = { ...entry };
      await commit({ c: key, n: window.count, r: window.resetAt });
      return window;
    },
    async peek(key) {
      const entry = liveCounter(key);
      return entry ? { ...entry } : null;
    },
    async release(key) {
      if (closed) return refuseClosed();
      const entry = liveCounter(key);
      // Nothing to take back, nothing to write.
      if (!entry || entry.count <= 0) return;
      entry.count -= 1;
      await commit({ c: key, n: entry.count, r: entry.resetAt });
    },
    async clear(key) {
      if (closed) return refuseClosed();
      // Nothing to clear, nothing to write.
      if (!counters.has(key) && !values.has(key)) return;
      counters.delete(key);
      values.delete(key);
      await commit({ x: key });
    },
    async claim(key, value, ttlMs) {
      if (closed) return refuseClosed();
      if (liveValue(key) !== null) return false;
      const until = clock() + ttlMs;
      values.set(key, { value, until });
      prune();
      await commit({ v: key, s: value, u: until });
      return true;
    },
    async get(key) {
      return liveValue(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      if (closed) return refuseClosed();
      const until = clock() + ttlMs;
      values.set(key, { value, until });
      prune();
      await commit({ v: key, s: value, u: until });
    },
    async keys(prefix) {
      const found: string[] = [];
      for (const [key] of values) if (key.startsWith(prefix) && liveValue(key) !== null) found.push(key);
      return found;
    },
    async publish(channel, message) {
      if (closed) return refuseClosed();
      await channels.publish(channel, message);
    },
    subscribe(channel, listener) {
      return closed ? () => {} : channels.subscribe(channel, listener);
    },
    async ping() {
      return !closed && !failed;
    },
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
      await flush();
      try {
        await closeAsync(fd);
      } finally {
        releaseLock(lock);
        openHere.delete(root);
      }
    },
    flush,
  };
}

/**
 * The state journaled under `dir` as it is now, for reading only, without taking its lock: what a
 * command-line tool (npm run studio:export) reads beside the running server that holds the folder.
 * The journal is replayed once, at opening (a line the server is still writing is skipped, as
 * after a crash); later changes are not seen. Every change is refused; `subscribe` hears nothing.
 */
export function readFileState(dir: string, options: Pick<FileStateOptions, "clock"> = {}): SharedState {
  const clock = options.clock ?? (() => Date.now());
  const counters = new Map<string, Window>();
  const values = new Map<string, Value>();
  for (const line of readJournal(path.join(path.resolve(dir), "state.journal")).split("\n")) {
    const operation = parseLine(line);
    if (!operation) continue;
    if ("c" in operation) counters.set(operation.c, { count: operation.n, resetAt: operation.r });
    else if ("v" in operation) values.set(operation.v, { value: operation.s, until: operation.u });
    else {
      counters.delete(operation.x);
      values.delete(operation.x);
    }
  }
  const liveValue = (key: string) => {
    const entry = values.get(key);
    return entry && entry.until > clock() ? entry.value : null;
  };
  const readOnly = () => Promise.reject(new Error(`DATA_DIR: el estado de ${dir} se abrió sólo para leer`));
  return {
    hit: readOnly,
    release: readOnly,
    async peek(key) {
      const entry = counters.get(key);
      return entry && entry.resetAt > clock() ? { ...entry } : null;
    },
    clear: readOnly,
    claim: readOnly,
    async get(key) {
      return liveValue(key);
    },
    set: readOnly,
    async keys(prefix) {
      return [...values.keys()].filter((key) => key.startsWith(prefix) && liveValue(key) !== null);
    },
    publish: readOnly,
    subscribe: () => () => {},
    async ping() {
      return true;
    },
    async close() {},
  };
}
