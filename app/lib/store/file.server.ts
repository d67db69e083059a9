import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { DurableLog, LogEntry, Store } from "./types";

/**
 * The store without Redis: one append-only file per log under `dir` (`DATA_DIR`). Each line is a
 * JSON operation, an entry (`{"add": id, "record": …}`) or its acknowledgement (`{"ack": id}`);
 * every write is flushed to the disk (fdatasync) before it resolves, so an entry the caller was
 * told is stored survives a crash. Opening replays the file; it also rewrites it with only
 * the entries still pending, so the file does not grow for ever and delivered records (a
 * lead's name and phone) do not stay on disk. One process writes a log at a time.
 */
export function fileStore(dir: string): Store {
  const logs = new Map<string, FileLog>();
  return {
    log(name) {
      let log = logs.get(name);
      if (!log) logs.set(name, (log = new FileLog(path.join(dir, `${name}.log`))));
      return log;
    },
    async close() {
      await Promise.all([...logs.values()].map((log) => log.close()));
      logs.clear();
    },
  };
}

type Operation = { add: string; record: string } | { ack: string };

class FileLog implements DurableLog {
  private entries = new Map<string, string>();
  private handle: Promise<FileHandle> | null = null;
  /** Writes go one after another: lines never interleave and each is synced in order. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string) {}

  async append(record: string): Promise<string> {
    const id = randomUUID();
    await this.write({ add: id, record });
    this.entries.set(id, record);
    return id;
  }

  async pending(): Promise<LogEntry[]> {
    await this.opened();
    return [...this.entries].map(([id, record]) => ({ id, record }));
  }

  async ack(id: string): Promise<void> {
    if (!this.entries.has(id)) return;
    await this.write({ ack: id });
    this.entries.delete(id);
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await this.queue.catch(() => undefined);
    if (handle) await (await handle).close();
  }

  private write(operation: Operation): Promise<void> {
    const line = `${JSON.stringify(operation)}\n`;
    const done = this.queue.then(async () => {
      const handle = await this.opened();
      await handle.appendFile(line, "utf8");
      await handle.datasync();
    });
    this.queue = done.catch(() => undefined);
    return done;
  }

  private opened(): Promise<FileHandle> {
    this.handle ??= this.replay().catch((error: unknown) => {
      this.handle = null;
      throw error;
    });
    return this.handle;
  }

  /** Reads what the file holds, keeps the pending entries, and rewrites the file with only them. */
  private async replay(): Promise<FileHandle> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const text = await readFile(this.file, "utf8").catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "" : Promise.reject(error)));
    const entries = new Map<string, string>();
    for (const line of text.split("\n")) {
      // A line cut short by a crash was never acknowledged to anyone: it is skipped.
      const operation = parseLine(line);
      if (!operation) continue;
      if ("add" in operation) entries.set(operation.add, operation.record);
      else entries.delete(operation.ack);
    }
    this.entries = entries;
    const compacted = [...entries].map(([id, record]) => `${JSON.stringify({ add: id, record })}\n`).join("");
    const temporary = `${this.file}.${process.pid}.tmp`;
    const out = await open(temporary, "w", 0o600);
    await out.writeFile(compacted, "utf8");
    await out.datasync();
    await out.close();
    await rename(temporary, this.file);
    await syncDirectory(path.dirname(this.file));
    return open(this.file, "a", 0o600);
  }
}

function parseLine(line: string): Operation | null {
  if (!line.trim()) return null;
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== "object" || value === null) return null;
    const operation = value as Record<string, unknown>;
    if (typeof operation.add === "string" && typeof operation.record === "string") return { add: operation.add, record: operation.record };
    if (typeof operation.ack === "string") return { ack: operation.ack };
  } catch {
    // A torn last line.
  }
  return null;
}

/** A rename is durable once its directory is synced. */
async function syncDirectory(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
