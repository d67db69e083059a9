import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { sessionTokens, sessionUser, type SessionTokens, type SessionUser } from "#schemas/session";
import { env } from "./env.server";
import { seal, unseal } from "./token-vault.server";

type SessionData = {
  user: SessionUser;
  /** The upstream tokens, sealed (token-vault.server.ts): never readable in the browser. */
  tokens: string;
  /** How the customer signed in: the legacy account API (conn) or single sign-on. Logout follows it. */
  auth: "legacy" | "sso";
  /** A fresh random id per sign-in: a session from before the login is never reused. */
  sid: string;
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
};

export const SESSION_COOKIE = env.isProduction ? "__Host-bait_session" : "bait_session";

export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    path: "/",
    secrets: [env.sessionSecret],
    maxAge: 60 * 60 * 24 * 7,
  },
});

export const getSession = (request: Request) => sessionStorage.getSession(request.headers.get("Cookie"));
export const commitSession = sessionStorage.commitSession;
export const destroySession = sessionStorage.destroySession;

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

/** The customer with their tokens and how they signed in, for calls made on their behalf. */
export async function getCustomer(request: Request) {
  const session = await getSession(request);
  const user = sessionUser.safeParse(session.get("user"));
  const tokens = tokensOf(session);
  if (!user.success || !tokens) return null;
  return { user: user.data, tokens, auth: session.get("auth") ?? "legacy" };
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
  if (onAnonymous === "home") throw redirect("/");
  const session = await getSession(request);
  const url = new URL(request.url);
  session.set("returnTo", url.pathname);
  throw redirect("/login", { headers: { "Set-Cookie": await commitSession(session) } });
}
