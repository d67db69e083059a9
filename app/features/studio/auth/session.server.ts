import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "~/lib/env.server";
import { sharedState, type SharedState } from "~/lib/store/store.server";
import { credentialOf, isStudioRole, type StudioAccount, type StudioRole } from "./accounts.server";

/**
 * The studio's sessions (docs/studio.md "Accounts and roles"), apart from the customers' (their cookie, their
 * records and their secret are the studio's own): the cookie `bait_estudio` (`__Host-bait_estudio`,
 * Secure, in production; HttpOnly, SameSite=Lax, Path=/) carries a random 32-byte id signed with
 * STUDIO_SECRET (HMAC-SHA256); the record lives in the shared state under
 * `studio:session:<sha256 of the id>` (so a look at Redis gives no cookie), for 8 hours after the
 * sign-in whatever its use, and goes at sign-out. The record names the account and a fingerprint
 * of its password: a changed password ends the account's sessions (access.server.ts reads the
 * account's role from the file on each request).
 */

/** How long a session lasts after its sign-in, used or not. */
export const STUDIO_SESSION_MS = 8 * 60 * 60_000;

const ID_BYTES = 32;
const VALUE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (id: string, secret: string) => createHmac("sha256", secret).update(`bait-estudio.v1.${id}`).digest("base64url");

/** The cookie's value for a session id: the id and its HMAC. */
export const signSessionId = (id: string, secret: string) => `${id}.${signatureOf(id, secret)}`;

/** The session id a cookie's value carries, or null when it was not signed with `secret` (or is not one). */
export function verifySessionValue(value: unknown, secret: string): string | null {
  const match = typeof value === "string" && secret ? VALUE.exec(value) : null;
  if (!match) return null;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signatureOf(match[1]!, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1]! : null;
}

/** What a session's record holds. */
export type StudioSessionRecord = {
  email: string;
  /** The role at sign-in; the role that counts is the file's, on each request (access.server.ts). */
  role: StudioRole;
  /** When the session began (ms). */
  signedInAt: number;
  /** When its person last gave their password: the sign-in or a confirmation (ms). */
  authAt: number;
  /** The password's fingerprint at sign-in (accounts.server.ts credentialOf). */
  credential: string;
};

function parseRecord(raw: string | null): StudioSessionRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StudioSessionRecord>;
    const ok =
      typeof value.email === "string" &&
      isStudioRole(value.role) &&
      typeof value.signedInAt === "number" &&
      typeof value.authAt === "number" &&
      typeof value.credential === "string";
    return ok ? (value as StudioSessionRecord) : null;
  } catch {
    return null;
  }
}

/** The value of cookie `name` in a Cookie header (the first one that is there). */
function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

export type StudioSession = { id: string; record: StudioSessionRecord };

export function createStudioSessions({
  state,
  secret,
  isProduction,
  clock = () => Date.now(),
}: {
  state: SharedState;
  secret: string;
  isProduction: boolean;
  clock?: () => number;
}) {
  const cookieName = isProduction ? "__Host-bait_estudio" : "bait_estudio";
  const attributes = `Path=/; HttpOnly; SameSite=Lax${isProduction ? "; Secure" : ""}`;
  const recordKey = (id: string) => `studio:session:${createHash("sha256").update(id).digest("hex")}`;
  const ttlOf = (record: StudioSessionRecord, now: number) => Math.max(1, record.signedInAt + STUDIO_SESSION_MS - now);

  return {
    cookieName,

    /** A new session for the account: its record, and the Set-Cookie that carries its signed id. */
    async start(account: StudioAccount): Promise<{ id: string; setCookie: string }> {
      const now = clock();
      const record: StudioSessionRecord = { email: account.email, role: account.role, signedInAt: now, authAt: now, credential: credentialOf(account) };
      for (;;) {
        const id = randomBytes(ID_BYTES).toString("base64url");
        if (await state.claim(recordKey(id), JSON.stringify(record), ttlOf(record, now))) {
          return { id, setCookie: `${cookieName}=${signSessionId(id, secret)}; ${attributes}; Max-Age=${Math.floor(STUDIO_SESSION_MS / 1000)}` };
        }
      }
    },

    /** The signed session id the request's cookie carries, or null (no cookie, or not signed by us). */
    idOf(request: Request): string | null {
      return verifySessionValue(cookieValue(request.headers.get("Cookie"), cookieName), secret);
    },

    /** Whether the request brings a studio cookie at all (a valid one or not). */
    hasCookie(request: Request): boolean {
      return cookieValue(request.headers.get("Cookie"), cookieName) !== null;
    },

    /** The live session of the request's cookie, or null (no cookie, a forged one, ended or expired). */
    async read(request: Request): Promise<StudioSession | null> {
      const id = this.idOf(request);
      if (!id) return null;
      const record = parseRecord(await state.get(recordKey(id)));
      if (!record) return null;
      if (clock() - record.signedInAt >= STUDIO_SESSION_MS) {
        await state.clear(recordKey(id));
        return null;
      }
      return { id, record };
    },

    /** The password was given again now (the step-up); the session still ends 8 hours after its sign-in. */
    async confirm(session: StudioSession): Promise<StudioSessionRecord> {
      const now = clock();
      const record = { ...session.record, authAt: now };
      await state.set(recordKey(session.id), JSON.stringify(record), ttlOf(record, now));
      return record;
    },

    /** Ends the session on the server: its cookie, kept or copied, opens nothing any more. */
    async end(id: string): Promise<void> {
      await state.clear(recordKey(id));
    },

    /** The Set-Cookie that removes the cookie from the browser. */
    clearCookie(): string {
      return `${cookieName}=; ${attributes}; Max-Age=0`;
    },
  };
}

export type StudioSessions = ReturnType<typeof createStudioSessions>;

/** This deployment's studio sessions, signed with STUDIO_SECRET, in the shared state. */
export const studioSessions = createStudioSessions({ state: sharedState, secret: env.studio.secret, isProduction: env.isProduction });

/** The cookie's name here: `__Host-bait_estudio` in production, `bait_estudio` elsewhere. */
export const STUDIO_COOKIE = studioSessions.cookieName;
