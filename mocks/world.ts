import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { DEMO_CODE, demoLines, ESIM_LIMIT_EMAIL, type DemoLine, type LineProfile, type LineStatus } from "./fixtures/demo";

/**
 * The mock upstream's state: one world shared by every handler, so a registration made now
 * can log in a minute later and a recharge paid now shows in the history. Seeded from the demo
 * data; `resetWorld()` (POST /__mocks/reset) restores the seed.
 */
export type Line = { number: string; profile: LineProfile; status: LineStatus; contactPhone?: string; iccid?: string };
export type Account = { number: string; profile: LineProfile; name: string; email: string; password: string; contactPhone?: string; allowNotifications: boolean; whatsapp?: boolean };
export type HistoryEntry = {
  uuid: string;
  orderID: string;
  offeringID: string;
  /** Cents, as the upstream sends amounts. */
  amount: number;
  applicationDate: string;
  rechargeApplied: boolean;
  status: "applied" | "not_applicated";
};
export type Recurrence = {
  uuid: string;
  number: string;
  email: string;
  name: string;
  offerId: string;
  offeringID: string;
  rechargeName: string;
  price: number;
  duration: number;
  type: number;
  status: "active" | "inactive" | "cancelled";
  applicationDate: string;
  lastChargeDate: string;
  nextChargeDate: string;
  cardLast: string;
};
export type OtpState = { failures: number; unlockAt?: number };
export type Balance = { mbTotal: number; mbUsed: number; socialTotal: number; socialUsed: number; nextRecharge: string; unlimited: boolean };

export const LOCKOUT_MS = 60 * 60 * 1000;
export const MAX_CODE_FAILURES = 3;

const days = (count: number) => new Date(Date.now() + count * 24 * 3600 * 1000).toISOString();

/** Each profile's seed balance: a mobile plan, an unlimited home internet, a portable-internet data package. */
const seedBalances: Record<LineProfile, () => Balance> = {
  mbb: () => ({ mbTotal: 6144, mbUsed: 2150, socialTotal: 0, socialUsed: 0, nextRecharge: days(28), unlimited: false }),
  hbb: () => ({ mbTotal: 51200, mbUsed: 18432, socialTotal: 0, socialUsed: 0, nextRecharge: days(21), unlimited: true }),
  mifi: () => ({ mbTotal: 10240, mbUsed: 4096, socialTotal: 0, socialUsed: 0, nextRecharge: days(12), unlimited: false }),
};

function seed() {
  const lines = new Map<string, Line>();
  const accounts = new Map<string, Account>();
  const otp = new Map<string, OtpState>();
  const history = new Map<string, HistoryEntry[]>();
  const balances = new Map<string, Balance>();
  const recurrences = new Map<string, Recurrence>();

  demoLines.forEach((line: DemoLine, index) => {
    lines.set(line.number, { number: line.number, profile: line.profile, status: line.status, contactPhone: line.contactPhone, iccid: line.iccid });
    if (line.account) accounts.set(line.number, { number: line.number, profile: line.profile, ...line.account, contactPhone: line.contactPhone, allowNotifications: false, whatsapp: false });
    if (line.lockedOut) otp.set(line.number, { failures: MAX_CODE_FAILURES, unlockAt: Date.now() + LOCKOUT_MS });
    const entries: HistoryEntry[] = [
      { uuid: randomUUID(), orderID: `ORD-${1000 + index}-1`, offeringID: "BAIT100", amount: 10000, applicationDate: days(-32), rechargeApplied: true, status: "applied" },
      line.pendingRecharge
        ? { uuid: randomUUID(), orderID: `ORD-${1000 + index}-2`, offeringID: "BAIT150", amount: 15000, applicationDate: days(0), rechargeApplied: false, status: "not_applicated" }
        : { uuid: randomUUID(), orderID: `ORD-${1000 + index}-2`, offeringID: "BAIT150", amount: 15000, applicationDate: days(-2), rechargeApplied: true, status: "applied" },
      // The recurrence's last charge (DEMO-DATA.md: 8 days ago), before the latest one-off recharge.
      ...(line.recurring
        ? [{ uuid: randomUUID(), orderID: `ORD-${1000 + index}-3`, offeringID: "BAIT100", amount: 10000, applicationDate: days(-8), rechargeApplied: true, status: "applied" } satisfies HistoryEntry]
        : []),
    ];
    history.set(line.number, entries.sort((a, b) => a.applicationDate.localeCompare(b.applicationDate)));
    balances.set(line.number, seedBalances[line.profile]());
    if (line.recurring && line.account) {
      const uuid = randomUUID();
      recurrences.set(uuid, {
        uuid,
        number: line.number,
        email: line.account.email,
        name: line.account.name,
        offerId: "BAIT100",
        offeringID: "BAIT100",
        rechargeName: "Bait 100",
        price: 100,
        duration: 15,
        type: 1,
        status: "active",
        applicationDate: days(-38),
        lastChargeDate: days(-8),
        nextChargeDate: days(7),
        cardLast: "1111",
      });
    }
  });

  return {
    lines,
    accounts,
    otp,
    history,
    balances,
    recurrences,
    /** eSIM purchases per e-mail; the limit e-mail starts used up. */
    esimPurchases: new Map<string, number>([[ESIM_LIMIT_EMAIL, 3]]),
    /** Access tokens ended by a logout (see newToken). */
    endedSessions: new Set<string>(),
    /** Verification uuids handed out after a right code → the number verified. */
    verified: new Map<string, string>(),
    /** Codes sent per line (recovery, registration's SSO otp/send and the legacy pin): what tests count sends with (GET /__mocks/codes-sent). */
    codesSent: new Map<string, number>(),
  };
}

export type World = ReturnType<typeof seed>;

export let world: World = seed();

export function resetWorld() {
  world = seed();
}

/**
 * Restores some lines to the seed (account, code attempts and lockout, verifications, history,
 * balance, recurrences), leaving the rest of the world as it is: a test resets the lines it uses without
 * disturbing the tests running beside it.
 */
export function resetLines(numbers: string[]) {
  const fresh = seed();
  const wanted = new Set(numbers);
  for (const number of wanted) {
    for (const key of ["lines", "accounts", "otp", "history", "balances"] as const) {
      const map = world[key] as Map<string, unknown>;
      const value = (fresh[key] as Map<string, unknown>).get(number);
      if (value === undefined) map.delete(number);
      else map.set(number, value);
    }
  }
  for (const [uuid, number] of world.verified) if (wanted.has(number)) world.verified.delete(uuid);
  for (const number of wanted) world.codesSent.delete(number);
  for (const [uuid, recurrence] of world.recurrences) if (wanted.has(recurrence.number)) world.recurrences.delete(uuid);
  for (const [uuid, recurrence] of fresh.recurrences) if (wanted.has(recurrence.number)) world.recurrences.set(uuid, recurrence);
}

/** Counts a code sent to `number` (the line it was asked for). */
export const recordCodeSent = (number: string) => world.codesSent.set(number, (world.codesSent.get(number) ?? 0) + 1);

/** The line a number or service number names, if it is a Bait line. */
export const lineOf = (number: string) => world.lines.get(number);

/**
 * Checks a verification code for a number: `1234` is right; three wrong ones in a row lock the
 * number for an hour, and a locked number answers with its unlock date whatever the code.
 */
export function checkCode(number: string, code: string): { ok: true } | { ok: false; unlockDate?: string; attemptsRemaining: number } {
  const state = world.otp.get(number) ?? { failures: 0 };
  if (state.unlockAt && state.unlockAt > Date.now()) {
    return { ok: false, unlockDate: new Date(state.unlockAt).toISOString(), attemptsRemaining: 0 };
  }
  if (state.unlockAt) world.otp.delete(number);
  if (code === DEMO_CODE) {
    world.otp.delete(number);
    return { ok: true };
  }
  const failures = (state.unlockAt ? 0 : state.failures) + 1;
  if (failures >= MAX_CODE_FAILURES) {
    const unlockAt = Date.now() + LOCKOUT_MS;
    world.otp.set(number, { failures, unlockAt });
    return { ok: false, unlockDate: new Date(unlockAt).toISOString(), attemptsRemaining: 0 };
  }
  world.otp.set(number, { failures });
  return { ok: false, attemptsRemaining: MAX_CODE_FAILURES - failures };
}

/** A locked number's unlock date, when sending a new code is refused. */
export function lockedUntil(number: string): string | undefined {
  const state = world.otp.get(number);
  return state?.unlockAt && state.unlockAt > Date.now() ? new Date(state.unlockAt).toISOString() : undefined;
}

/**
 * Access tokens carry their line and a signature, `mock-<number>.<id>.<mac>`, so that every
 * process of an app started with several workers (each with its own mock world) accepts a token
 * another one handed out, as one real upstream would. The key comes from the app's session
 * secret, which every worker shares. A logout ends the token in the process that handled it.
 */
const TOKEN_KEY = createHmac("sha256", "mock-upstream-access-tokens").update(process.env.SESSION_SECRET ?? "").digest();
const TOKEN = /^mock-(\d{10})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;
const tokenMac = (number: string, id: string) => createHmac("sha256", TOKEN_KEY).update(`${number}.${id}`).digest("base64url");

export function newToken(number: string): string {
  const id = randomUUID();
  return `mock-${number}.${id}.${tokenMac(number, id)}`;
}

/** The line a live access token belongs to; undefined for a forged, malformed or ended one. */
export function tokenNumber(token: string | undefined): string | undefined {
  if (!token || world.endedSessions.has(token)) return undefined;
  const parts = TOKEN.exec(token);
  if (!parts) return undefined;
  const [, number, id, mac] = parts as unknown as [string, string, string, string];
  const expected = Buffer.from(tokenMac(number, id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? number : undefined;
}

/** Ends a token (a logout); says whether it was live. */
export function endSession(token: string): boolean {
  const live = tokenNumber(token) !== undefined;
  world.endedSessions.add(token);
  return live;
}
