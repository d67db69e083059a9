import * as z from "zod";
import { lineProfiles } from "#schemas/line";
import { env } from "~/lib/env.server";
import { sharedState, type SharedState } from "~/lib/store/store.server";
import { newLinkId, signLinkToken, verifyLinkToken } from "./token.server";

/**
 * The 'Pide tu recarga' requests (docs/request-link.md), kept in the shared state (Redis, or the
 * journal under DATA_DIR) so that every instance sees them and a restart forgets none:
 *
 * - `request-link:link:<id>` the request: the line, its kind, the offer asked for, the maker's
 *   words and name (only when they chose to show it), when it ends and its state; kept until the
 *   link expires, a cancelled or paid one as a tombstone so its page can say so.
 * - `request-link:slot:<line>:<0…9>` the line's open links, one per slot, claimed atomically (SET NX):
 *   at most 10 per line however many instances create at once, each slot freed when its link
 *   ends (it expires with it, or is cleared on a cancel or a payment).
 * - `request-link:sale:<line>:<sale uuid>` a sale built from a link for that line, kept 180 days:
 *   the upstream's history carries the sale's uuid, so /home can say 'Te recargaron …' and tell
 *   the link was paid.
 * - `request-link:pending:<id>` a visitor's request for a line, waiting for the code sent to the
 *   line (15 minutes): it holds no slot and is listed to nobody; the code makes it a link
 *   (`confirm`, once: `request-link:confirmed:<id>` is claimed first).
 */

/** How long a link is valid. */
export const LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** Open links a line may have at once. */
export const MAX_OPEN_LINKS = 10;
/** How long a sale made through a link is remembered: longer than /home's history reaches back in practice. */
const SALE_TTL_MS = 180 * 24 * 60 * 60_000;
/**
 * Links a visitor's address may make in an hour, whatever the lines: a ceiling on what one visitor
 * can store (a customer makes them for their own line only, whose 10 places are their ceiling).
 */
const MADE_PER_IP = { max: 30, windowMs: 60 * 60_000 };
/** How long a visitor's request waits for the code sent to the line: a code is typed in minutes. */
export const PENDING_TTL_MS = 15 * 60_000;

const linkRecord = z.object({
  id: z.string(),
  /** The line recharged: the Bait number, or the modem's service number. */
  line: z.string().regex(/^\d{10}$/),
  profile: z.enum(lineProfiles),
  /** The phone the sale is filed under for a portable-internet line (types 3 and 8): the customer's Bait number, else the line. */
  contactPhone: z.string().regex(/^\d{10}$/),
  offerId: z.string().optional(),
  message: z.string().optional(),
  /** The maker's name, kept only when they ticked 'Mostrar mi nombre'. */
  name: z.string().optional(),
  /**
   * customer: the line's signed-in customer; code: a visitor who typed the code sent to the line
   * (so its holder: their words are the owner's); visitor: made with neither, before codes were
   * asked (its words are never shown to the owner).
   */
  by: z.enum(["customer", "code", "visitor"]),
  createdAt: z.number(),
  expiresAt: z.number(),
  slot: z.number().int().min(0),
  state: z.enum(["open", "revoked", "paid"]),
});
export type LinkRecord = z.infer<typeof linkRecord>;
export type NewLink = Pick<LinkRecord, "line" | "profile" | "contactPhone" | "offerId" | "message" | "name"> & { by: "customer" | "code" };

/** A visitor's request waiting for the code sent to its line: what the link will hold, no name. */
const pendingRecord = z.object({
  id: z.string(),
  line: z.string().regex(/^\d{10}$/),
  profile: z.enum(lineProfiles),
  contactPhone: z.string().regex(/^\d{10}$/),
  offerId: z.string().optional(),
  message: z.string().optional(),
  createdAt: z.number(),
});
export type PendingRecord = z.infer<typeof pendingRecord>;
export type NewPending = Omit<PendingRecord, "id" | "createdAt">;

const saleMark = z.object({ linkId: z.string(), offerId: z.string() });
export type SaleMark = z.infer<typeof saleMark>;

const linkKey = (id: string) => `request-link:link:${id}`;
const slotKey = (line: string, slot: number) => `request-link:slot:${line}:${slot}`;
const saleKey = (line: string, uuid: string) => `request-link:sale:${line}:${uuid}`;
const madeKey = (ip: string) => `limit:request-link:ip:${ip}`;
const pendingKey = (id: string) => `request-link:pending:${id}`;
const confirmedKey = (id: string) => `request-link:confirmed:${id}`;

function parseJson<T>(schema: z.ZodType<T>, text: string | null): T | null {
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type LinkLookup =
  | { ok: true; record: LinkRecord; token: string }
  /** tampered: not signed by us (or cut short); expired: past its 7 days; revoked: cancelled by the line's customer (or lost); paid: someone paid it. */
  | { ok: false; reason: "tampered" | "expired" | "revoked" | "paid" };

export type CreateResult = { ok: true; record: LinkRecord; token: string } | { ok: false; reason: "limit" };
export type ProposeResult = { ok: true; pending: PendingRecord } | { ok: false; reason: "tooMany"; retryAfterSeconds: number };
/** gone: no such request waiting (expired, already confirmed, or never made). */
export type ConfirmResult = CreateResult | { ok: false; reason: "gone" };

/** The requests over a shared state, with the secrets that sign and verify their links; `now` for the tests' clock. */
export function createRequestLinks({ state, secret, previousSecrets = [], now = () => Date.now() }: { state: SharedState; secret: string; previousSecrets?: readonly string[]; now?: () => number }) {
  const secrets = [secret, ...previousSecrets];
  const ttlOf = (record: Pick<LinkRecord, "expiresAt">) => Math.max(1, record.expiresAt - now());
  const tokenOf = (record: Pick<LinkRecord, "id" | "expiresAt">) => signLinkToken(secret, record.id, record.expiresAt);

  async function read(id: string) {
    return parseJson(linkRecord, await state.get(linkKey(id)));
  }

  /** Ends an open link (cancelled or paid): its page says why until it would have expired, and its slot is free again. */
  async function close(record: LinkRecord, state_: "revoked" | "paid") {
    await state.set(linkKey(record.id), JSON.stringify({ ...record, state: state_ }), ttlOf(record));
    if ((await state.get(slotKey(record.line, record.slot))) === record.id) await state.clear(slotKey(record.line, record.slot));
  }

  /**
   * A new link for a line (its signed-in customer, or a visitor's request confirmed by the code sent
   * to the line), unless the line has 10 open. Its expiry is signed into the token, to the second.
   */
  async function create(input: NewLink): Promise<CreateResult> {
    const id = newLinkId();
    const createdAt = now();
    const expiresAt = Math.floor((createdAt + LINK_TTL_MS) / 1000) * 1000;
    for (let slot = 0; slot < MAX_OPEN_LINKS; slot += 1) {
      if (!(await state.claim(slotKey(input.line, slot), id, expiresAt - createdAt))) continue;
      const record: LinkRecord = { ...input, id, createdAt, expiresAt, slot, state: "open" };
      await state.set(linkKey(id), JSON.stringify(record), expiresAt - createdAt);
      return { ok: true, record, token: tokenOf(record) };
    }
    return { ok: false, reason: "limit" };
  }

  return {
    /**
     * A visitor's request for a line, kept until the code sent to the line is typed (`confirm`): no
     * slot, listed to nobody. An address makes at most 30 an hour, whatever the lines.
     */
    async propose(input: NewPending, ip: string): Promise<ProposeResult> {
      const made = await state.hit(madeKey(ip), MADE_PER_IP.windowMs);
      if (made.count > MADE_PER_IP.max) return { ok: false, reason: "tooMany", retryAfterSeconds: Math.max(1, Math.ceil((made.resetAt - now()) / 1000)) };
      const pending: PendingRecord = { ...input, id: newLinkId(), createdAt: now() };
      await state.set(pendingKey(pending.id), JSON.stringify(pending), PENDING_TTL_MS);
      return { ok: true, pending };
    },

    /** A visitor's request still waiting for its code, or null. */
    async pending(id: string): Promise<PendingRecord | null> {
      return parseJson(pendingRecord, await state.get(pendingKey(id)));
    },

    /**
     * The code sent to the line was typed (the caller checked it): the request becomes a link of the
     * line, once however many confirmations arrive at the same time, within the line's 10 places.
     * Refused for the limit, the request waits on (a place may free up before it expires).
     */
    async confirm(id: string): Promise<ConfirmResult> {
      const pending = parseJson(pendingRecord, await state.get(pendingKey(id)));
      if (!pending || !(await state.claim(confirmedKey(id), "1", PENDING_TTL_MS))) return { ok: false, reason: "gone" };
      const { id: _id, createdAt: _at, ...input } = pending;
      const made = await create({ ...input, by: "code" });
      if (made.ok) await state.clear(pendingKey(id));
      else await state.clear(confirmedKey(id));
      return made;
    },

    create,

    /** What a link's token opens: its open request, or why not. */
    async open(token: unknown): Promise<LinkLookup> {
      const check = verifyLinkToken(secrets, token, now());
      if (!check.ok) return check;
      const record = await read(check.id);
      // Signed by us and not expired, yet gone: cancelled, or lost with the state; either way no longer active.
      if (!record || record.expiresAt !== check.expiresAt) return { ok: false, reason: "revoked" };
      if (record.state !== "open") return { ok: false, reason: record.state };
      return { ok: true, record, token: tokenOf(record) };
    },

    /** The line's open links, newest first, each with its token (signed again: a rotation gives old links a current signature). */
    async list(line: string): Promise<{ record: LinkRecord; token: string }[]> {
      const ids = await Promise.all(Array.from({ length: MAX_OPEN_LINKS }, (_, slot) => state.get(slotKey(line, slot))));
      const records = await Promise.all(ids.map((id) => (id ? read(id) : null)));
      const open: LinkRecord[] = [];
      for (const [slot, record] of records.entries()) {
        if (record && record.state === "open" && record.line === line) open.push(record);
        // A slot whose request is gone or ended frees itself.
        else if (ids[slot]) await state.clear(slotKey(line, slot));
      }
      return open.sort((a, b) => b.createdAt - a.createdAt).map((record) => ({ record, token: tokenOf(record) }));
    },

    /** Cancels one of the line's open links; false when it is not open or not this line's. */
    async revoke(id: string, line: string): Promise<boolean> {
      const record = await read(id);
      if (!record || record.line !== line || record.state !== "open") return false;
      await close(record, "revoked");
      return true;
    },

    /** The link was paid: it closes (a request is for one recharge). */
    async markPaid(record: LinkRecord): Promise<void> {
      if (record.state === "open") await close(record, "paid");
    },

    /** Remembers a sale built from a link (before it is paid: only a paid one reaches the history). */
    async recordSale(record: LinkRecord, saleUuid: string, offerId: string): Promise<void> {
      await state.set(saleKey(record.line, saleUuid), JSON.stringify({ linkId: record.id, offerId } satisfies SaleMark), SALE_TTL_MS);
    },

    /** Which of these history entries (their sale uuids) of the line were sales made through a link. */
    async salesOf(line: string, uuids: readonly string[]): Promise<Map<string, SaleMark>> {
      const marks = await Promise.all(uuids.map((uuid) => state.get(saleKey(line, uuid)).then((text) => parseJson(saleMark, text))));
      return new Map(uuids.flatMap((uuid, index) => (marks[index] ? [[uuid, marks[index]] as const] : [])));
    },

    /** The token of a request, signed with the current secret. */
    tokenOf,
  };
}
export type RequestLinks = ReturnType<typeof createRequestLinks>;

/** This deployment's requests: the shared state and REQUEST_LINK_SECRET (with its previous secrets). */
export const requestLinks = createRequestLinks({ state: sharedState, secret: env.requestLinks.secret, previousSecrets: env.requestLinks.previousSecrets });
