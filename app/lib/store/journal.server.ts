import { closeSync, fdatasyncSync, fsyncSync, openSync, readFileSync, renameSync, write, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { codeOf } from "./state-lock.server";

/**
 * The journal of ./file-state.server.ts on the disk: its line format (one JSON line per change,
 * holding the state the change left: `{"c": key, "n": count, "r": resetAt}` for a counter,
 * `{"v": key, "s": value, "u": until}` for a value, `{"x": key}` for a clear), reading it back
 * (a torn last line is skipped), and the durable writes: a whole buffer, a file replaced by a
 * synced temporary one, a folder synced after a rename.
 */
export type Operation = { c: string; n: number; r: number } | { v: string; s: string; u: number } | { x: string };

const writeAsync = promisify(write);

export const lineOf = (operation: Operation) => `${JSON.stringify(operation)}\n`;

export function parseLine(line: string): Operation | null {
  if (!line.trim()) return null;
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== "object" || value === null) return null;
    const operation = value as Record<string, unknown>;
    const finite = (field: unknown): field is number => typeof field === "number" && Number.isFinite(field);
    if (typeof operation.c === "string" && finite(operation.n) && finite(operation.r)) return { c: operation.c, n: operation.n, r: operation.r };
    if (typeof operation.v === "string" && typeof operation.s === "string" && finite(operation.u)) return { v: operation.v, s: operation.s, u: operation.u };
    if (typeof operation.x === "string") return { x: operation.x };
  } catch {
    // A torn last line.
  }
  return null;
}

export function readJournal(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (codeOf(error) === "ENOENT") return "";
    throw error;
  }
}

/** Replaces `file` with `text`: a temporary file, synced, renamed over it, and the folder synced. */
export function rewriteSync(file: string, text: string) {
  const temporary = `${file}.tmp`;
  const out = openSync(temporary, "w", 0o600);
  try {
    const buffer = Buffer.from(text, "utf8");
    for (let offset = 0; offset < buffer.length; ) offset += writeSync(out, buffer, offset, buffer.length - offset);
    fdatasyncSync(out);
  } finally {
    closeSync(out);
  }
  renameSync(temporary, file);
  const folder = openSync(path.dirname(file), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

export async function writeAll(fd: number, buffer: Buffer) {
  for (let offset = 0; offset < buffer.length; ) {
    const { bytesWritten } = await writeAsync(fd, buffer, offset, buffer.length - offset, null);
    offset += bytesWritten;
  }
}

/** A rename is durable once its folder is synced. */
export async function syncDirectory(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
