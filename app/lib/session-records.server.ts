import { randomBytes } from "node:crypto";
import type { SharedState } from "./store/shared-state.server";

/**
 * The sessions' records in the shared state (docs/accounts.md "Sessions"): the cookie carries only
 * a random id (signed), the record what the session holds. A record ends
 * - after `idleMs` without use: its TTL, renewed when it is read (at most once a minute, so a
 *   page view is one read and, now and then, one write);
 * - `maxMs` after it was created (a sign-in always creates a new one), whatever its use;
 * - when it is removed (logout, the area code's change);
 * - when every session of its line is ended (a password change, a recovery): a per-number
 *   "valid after" time that a signed-in record older than it does not survive.
 */
export type SessionRecords = ReturnType<typeof createSessionRecords>;

type Stored = { d: Record<string, unknown>; c: number; s: number };

/** A record is renewed at most this often: reading a live session is not a write per request. */
const RENEW_EVERY_MS = 60_000;

const recordKey = (id: string) => `session:${id}`;
const endedKey = (number: string) => `session-ended:${number}`;

/** The lines a record's customer signs in for (the number, and the service number of hbb / mifi). */
function numbersOf(data: Record<string, unknown>): string[] {
  const user = data.user as { number?: unknown; serviceNumber?: unknown } | undefined;
  return [user?.number, user?.serviceNumber].filter((value): value is string => typeof value === "string");
}

export function createSessionRecords({ state, idleMs, maxMs, clock = () => Date.now() }: { state: SharedState; idleMs: number; maxMs: number; clock?: () => number }) {
  const ttlOf = (record: Stored, now: number) => Math.max(1, Math.min(idleMs, record.c + maxMs - now));
  const write = (id: string, record: Stored, now: number) => state.set(recordKey(id), JSON.stringify(record), ttlOf(record, now));
  const parse = (raw: string | null): Stored | null => {
    if (!raw) return null;
    try {
      const record = JSON.parse(raw) as Stored;
      return record && typeof record === "object" && typeof record.c === "number" && typeof record.s === "number" && record.d && typeof record.d === "object" ? record : null;
    } catch {
      return null;
    }
  };

  /** Whether a password change or a recovery of one of the record's lines came after its sign-in. */
  async function endedByLine(record: Stored): Promise<boolean> {
    const signedInAt = typeof record.d.signedInAt === "number" ? record.d.signedInAt : record.c;
    for (const number of numbersOf(record.d)) {
      const endedAt = Number((await state.get(endedKey(number))) ?? Number.NaN);
      if (endedAt >= signedInAt) return true;
    }
    return false;
  }

  return {
    /** A new record; the id is 24 random bytes, claimed so that two records never share one. */
    async create(data: Record<string, unknown>): Promise<string> {
      const now = clock();
      const record: Stored = { d: data, c: now, s: now };
      for (;;) {
        const id = randomBytes(24).toString("base64url");
        if (await state.claim(recordKey(id), JSON.stringify(record), ttlOf(record, now))) return id;
      }
    },

    /** The record's data, or null when it is gone, idle too long, too old or ended for its line. */
    async read(id: string): Promise<Record<string, unknown> | null> {
      if (!id) return null;
      const now = clock();
      const record = parse(await state.get(recordKey(id)));
      if (!record) return null;
      if (now - record.c >= maxMs || now - record.s >= idleMs || (await endedByLine(record))) {
        await state.clear(recordKey(id));
        return null;
      }
      if (now - record.s >= RENEW_EVERY_MS) await write(id, { ...record, s: now }, now);
      return record.d;
    },

    /**
     * Replaces the record's data (a commit); its creation time, and so its absolute end, stay. A
     * record that ended meanwhile is not brought back: its cookie then opens nothing.
     */
    async update(id: string, data: Record<string, unknown>): Promise<void> {
      const now = clock();
      const record = parse(await state.get(recordKey(id)));
      if (record) await write(id, { d: data, c: record.c, s: now }, now);
    },

    async remove(id: string): Promise<void> {
      if (id) await state.clear(recordKey(id));
    },

    /** Ends every session signed in for these lines until now (a password change, a recovery). */
    async endSessionsOf(numbers: (string | undefined)[]): Promise<void> {
      const now = clock();
      for (const number of new Set(numbers.filter((value): value is string => !!value))) await state.set(endedKey(number), String(now), maxMs);
    },
  };
}
