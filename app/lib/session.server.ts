import { createCookie, createSession, createSessionStorage, redirect } from "@remix-run/node";
import { sessionTokens, sessionUser, type SessionTokens, type SessionUser } from "#schemas/session";
import { env, sessionEnv } from "./env.server";
import { createSessionRecords } from "./session-records.server";
import { sharedState } from "./store/store.server";
import { seal, unseal } from "./token-vault.server";

type SessionData = {
  user: SessionUser;
  /** The upstream tokens, sealed (token-vault.server.ts): never readable in the browser. */
  tokens: string;
  /** How the customer signed in: the legacy account API (conn) or single sign-on. Logout follows it. */
  auth: "legacy" | "sso";
  /** A fresh random id per sign-in: a session from before the login is never reused. */
  sid: string;
  /** When the customer signed in (ms): a password change or a recovery ends the sessions signed in before it. */
  signedInAt: number;
  /** When the customer last gave their password (the sign-in or a step-up, ms): the changes to the line ask again after STEP_UP_MINUTES. */
  authAt: number;
  /** Where to go after logging in (set when a customer-only page sent an anonymous visitor to /login). */
  returnTo: string;
  /** The single-sign-on login under way: the state the callback must bring back, and for whom the flag let it start. */
  sso: { state: string; hint?: string };
  /** The sale waiting for payment (a recharge after 'Siguiente'); no card data, ever. */
  sale: unknown;
  /** The secure recharge payment opened for the sale (docs/payment.md pagos/recarga): its sale uuid and order. */
  saleSecure: { uuid: string; orderId: string };
  /** The PayPal order created for the sale, waiting for the visitor's approval. */
  paypal: { uuid: string; orderId: string };
  /** The card provider's hosted payment page under way (no JavaScript): holder and billing address, then its token; never the card. */
  cardPage: unknown;
  /** The last payment completed (what the confirmation page shows); no card data. */
  receipt: unknown;
  /** The recharge whose line was asked 'Aún cuentas con una recarga en proceso…' ("offerId:number"). */
  rechargeAsked: string;
  /** The SIM replacement under way (docs/profile.md): the new SIM's ICCID, a lockout, or done. */
  replacement: unknown;
};

type FlashData = {
  /** A catalogue key shown once on the next page (e.g. "your password changed" on /login). */
  notice: string;
  /** The lead saved, shown by the chrome on whichever page the visitor came from (docs/leads.md). */
  lead: string;
  /** The values of the notice's text, when it has any (app/lib/notice.server.ts). */
  noticeValues: Record<string, string | number>;
  leadValues: Record<string, string | number>;
};

export const SESSION_COOKIE = env.isProduction ? "__Host-bait_session" : "bait_session";

/**
 * Server-side sessions (docs/accounts.md "Sessions"): the cookie carries only the record's random
 * id, signed; the record lives in the shared state (Redis when REDIS_URL is set), with the idle
 * and absolute timeouts of SESSION_IDLE_MINUTES and SESSION_MAX_HOURS (./session-records.server.ts).
 */
const sessionCookie = createCookie(SESSION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  path: "/",
  secrets: [env.sessionSecret],
  maxAge: Math.ceil(sessionEnv.maxMs / 1000),
});

export const sessionRecords = createSessionRecords({ state: sharedState, idleMs: sessionEnv.idleMs, maxMs: sessionEnv.maxMs });

type Data = Record<string, unknown>;
/** Any write makes every request read its record again (a commit in the action, the loaders after it). */
let generation = 0;
const written = <T,>(result: Promise<T>) => result.finally(() => (generation += 1));

export const sessionStorage = createSessionStorage<SessionData, FlashData>({
  cookie: sessionCookie,
  createData: (data) => written(sessionRecords.create(data as Data)),
  readData: (id) => sessionRecords.read(id),
  updateData: (id, data) => written(sessionRecords.update(id, data as Data)),
  deleteData: (id) => written(sessionRecords.remove(id)),
});

type Read = { id: string; data: Data | null; stale: boolean; generation: number };
const reads = new WeakMap<Request, Promise<Read>>();

/**
 * The request's record, read once per request (until something is written). `stale`: the request
 * brought a signed session id whose record is gone (logged out, expired, ended): a replayed or
 * forgotten cookie, which customer pages send to /login.
 */
async function readRecord(request: Request): Promise<Read> {
  const cached = reads.get(request);
  if (cached) {
    const read = await cached;
    if (read.generation === generation) return read;
  }
  const at = generation;
  const reading = (async (): Promise<Read> => {
    const id: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
    if (typeof id !== "string" || !id) return { id: "", data: null, stale: false, generation: at };
    // While the shared state does not answer nobody is signed in, but the cookie is kept: its
    // record may well be there once Redis answers again.
    const data = await sessionRecords.read(id).then(
      (found) => ({ found, failed: false }),
      () => ({ found: null, failed: true }),
    );
    return { id, data: data.found, stale: !data.found && !data.failed, generation: at };
  })();
  reads.set(request, reading);
  return reading;
}

/** The request's session. A cookie whose record is gone gets an empty new session (a commit gives it a new id). */
export async function getSession(request: Request) {
  const { id, data } = await readRecord(request);
  return createSession<SessionData, FlashData>({ ...(data ?? {}) } as SessionData, data ? id : "");
}
/** A request's session, as getSession gives it. */
export type Session = Awaited<ReturnType<typeof getSession>>;
export const commitSession = sessionStorage.commitSession;
export const destroySession = sessionStorage.destroySession;

/** Whether the request brought a session cookie whose record is gone (logout, a timeout, a password change, a recovery). */
export async function hasEndedSession(request: Request): Promise<boolean> {
  return (await readRecord(request)).stale;
}

/** The Set-Cookie that removes the session cookie from the browser. */
export const clearSessionCookie = () => sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });

/** A cookie whose session ended gets the login page, and loses the cookie. */
async function refuseEndedSession(request: Request): Promise<void> {
  if (await hasEndedSession(request)) throw redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie(), "Cache-Control": "private, no-store" } });
}

/** Ends every session of the line (a password change, a recovery): their cookies then get the login page. */
export const endSessionsOf = (...numbers: (string | undefined)[]) => sessionRecords.endSessionsOf(numbers);

export const sealTokens = (tokens: SessionTokens) => seal(tokens, env.sessionSecret);

/** The customer's upstream tokens, or null when the session has none (or they do not open). */
export function tokensOf(session: Awaited<ReturnType<typeof getSession>>): SessionTokens | null {
  const parsed = sessionTokens.safeParse(unseal(session.get("tokens"), env.sessionSecret));
  return parsed.success ? parsed.data : null;
}

/** The logged-in customer, or null. A session whose user no longer matches the schema counts as anonymous. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const parsed = sessionUser.safeParse(session.get("user"));
  return parsed.success && tokensOf(session) ? parsed.data : null;
}

/**
 * The customer with their tokens and how they signed in, for calls made on their behalf (customer
 * pages and actions only): a cookie whose session ended is sent to /login here.
 */
export async function getCustomer(request: Request) {
  await refuseEndedSession(request);
  return findCustomer(request);
}

/** The same without the redirect: null for anybody not signed in (logout). */
export async function findCustomer(request: Request) {
  const session = await getSession(request);
  const user = sessionUser.safeParse(session.get("user"));
  const tokens = tokensOf(session);
  if (!user.success || !tokens) return null;
  const authAt = session.get("authAt");
  return { user: user.data, tokens, auth: session.get("auth") ?? "legacy", authAt: typeof authAt === "number" ? authAt : 0 };
}

/** Guest-only pages (login, recuperacion, registro, completar-registro): a customer goes to /home. */
export async function requireGuest(request: Request): Promise<void> {
  if (await getSessionUser(request)) throw redirect("/home");
}

/**
 * Customer-only pages. An anonymous visitor goes to `/`, or to /login remembering where they
 * came from when the page asks for it (recurrente).
 */
export async function requireCustomer(request: Request, onAnonymous: "home" | "login" = "home"): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  await refuseEndedSession(request);
  if (onAnonymous === "home") throw redirect("/");
  const session = await getSession(request);
  const url = new URL(request.url);
  session.set("returnTo", url.pathname);
  throw redirect("/login", { headers: { "Set-Cookie": await commitSession(session) } });
}
