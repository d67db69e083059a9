import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { sessionTokens, sessionUser, type SessionUser } from "#schemas/session";
import { env } from "./env.server";

type SessionData = {
  user: SessionUser;
  tokens: { access: string; refreshToken?: string };
  /** How the customer signed in: the legacy account API (conn) or single sign-on. Logout follows it. */
  auth: "legacy" | "sso";
  /** A fresh random id per sign-in: a session from before the login is never reused. */
  sid: string;
  /** Where to go after logging in (set when a customer-only page sent an anonymous visitor to /login). */
  returnTo: string;
  /** The single-sign-on login under way: the state the callback must bring back, and for whom the flag let it start. */
  sso: { state: string; hint?: string };
};

type FlashData = {
  /** A catalogue key shown once on the next page (e.g. "your password changed" on /login). */
  notice: string;
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

/** The logged-in customer, or null. A session whose user no longer matches the schema counts as anonymous. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const parsed = sessionUser.safeParse(session.get("user"));
  const tokens = sessionTokens.safeParse(session.get("tokens"));
  return parsed.success && tokens.success ? parsed.data : null;
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
