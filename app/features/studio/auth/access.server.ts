import { data, redirect } from "@remix-run/node";
import studioTexts from "#locales/es-MX/studio.json";
import { env } from "~/lib/env.server";
import { herePath, resolveReturnPath } from "~/lib/return-path";
import { isKnownPage } from "~/lib/return-path.server";
import { credentialOf, roleAllows, type StudioRole } from "./accounts.server";
import { findStudioAccount } from "./demo-accounts.server";
import { studioSessions, type StudioSession } from "./session.server";
import { CONFIRM_STEP, isStudioPath, STUDIO_HOME_PATH, STUDIO_SIGN_OUT_PATH, studioSignInUrl } from "./urls";

/**
 * Who may use the studio (docs/studio.md "Accounts and roles"), for every route under /estudio:
 *
 *     const user = await requireStudio(request);               // an editor or a publisher
 *     const user = await requireStudio(request, "publisher");  // publishing, rolling back
 *     requireRecentSignIn(user, request);                       // …and the password within 15 minutes
 *
 * and `headers = () => studioHeaders` on each of them. The studio is off (every /estudio page a
 * 404) unless STUDIO_SECRET is set. Posts need no token of their own: server/http-guards.ts
 * rejectCrossSiteWrites refuses any write another site's page sends (Sec-Fetch-Site, else
 * Origin), for every path, and the cookie is SameSite=Lax.
 */

export type { StudioRole } from "./accounts.server";

/** The person signed in to the studio, with the role the accounts file gives them now. */
export type StudioUser = {
  email: string;
  role: StudioRole;
  /** When the session began (ms). */
  signedInAt: number;
  /** When they last gave their password: the sign-in or a confirmation (ms). */
  authAt: number;
};

/** Every answer of the studio: never stored by a browser or a proxy, never indexed. */
export const studioHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** Publishing and rolling back ask for the password again when it was given longer ago than this. */
export const STUDIO_STEP_UP_MS = 15 * 60_000;

/** The studio off: the site's 404, as for any page it does not have. */
export function requireStudioOn(): void {
  if (!env.studio.on) throw new Response(null, { status: 404, headers: studioHeaders });
}

/**
 * Where a sign-in or a confirmation may send its person back: a page of the studio, or one of the
 * site's pages (app/lib/return-path.ts: resolved as a browser would, never another host); else the
 * studio's home. Never the sign-out.
 */
export function studioReturnPath(value: unknown): string {
  return resolveReturnPath(value, {
    fallback: STUDIO_HOME_PATH,
    isKnownPage: (pathname) => pathname !== STUDIO_SIGN_OUT_PATH && (isStudioPath(pathname) || isKnownPage(pathname)),
  });
}

type Found = { user: StudioUser | null; session: StudioSession | null };
const found = new WeakMap<Request, Promise<Found>>();

/**
 * The request's session and its person, read once per request. A session whose account has left
 * the file, or whose password changed since, ends here.
 */
function lookUp(request: Request): Promise<Found> {
  const cached = found.get(request);
  if (cached) return cached;
  const reading = (async (): Promise<Found> => {
    if (!env.studio.on) return { user: null, session: null };
    const session = await studioSessions.read(request);
    if (!session) return { user: null, session: null };
    const account = await findStudioAccount(session.record.email);
    if (!account || credentialOf(account) !== session.record.credential) {
      await studioSessions.end(session.id);
      return { user: null, session: null };
    }
    const { signedInAt, authAt } = session.record;
    return { user: { email: account.email, role: account.role, signedInAt, authAt }, session };
  })();
  found.set(request, reading);
  return reading;
}

/** The person signed in to the studio, or null (signed out, the studio off). */
export async function studioUser(request: Request): Promise<StudioUser | null> {
  return (await lookUp(request)).user;
}

/** The request's live session (sign-in.server.ts confirms or ends it). */
export async function studioSessionOf(request: Request): Promise<StudioSession | null> {
  return (await lookUp(request)).session;
}

/** Forgets what was read for this request (after a confirmation changed its session). */
export const forgetStudioUser = (request: Request) => found.delete(request);

/** Headers of a redirect to the sign-in: the studio's, and the removal of a cookie that opens nothing any more. */
function signInHeaders(request: Request): Headers {
  const headers = new Headers(studioHeaders);
  if (studioSessions.hasCookie(request)) headers.append("Set-Cookie", studioSessions.clearCookie());
  return headers;
}

/** A redirect after a post is a 303 (the browser follows it with a GET). */
const redirectStatus = (request: Request) => (request.method === "GET" || request.method === "HEAD" ? 302 : 303);

/** What a role lacking permission is told (the studio's error boundary shows it: studio-error.tsx). */
export type StudioForbidden = { studio: "forbidden"; documentTitle: string; title: string; text: string; back: string; backHref: string };

/**
 * The person signed in to the studio with at least `role` (a publisher is an editor too). Throws,
 * never returning the page:
 * - a 404 when the studio is off;
 * - a redirect to /estudio/entrar?volver=<this page> when nobody is signed in (or the session ended);
 * - a 403 ('No tienes permiso para publicar…') when the role falls short.
 */
export async function requireStudio(request: Request, role: StudioRole = "editor"): Promise<StudioUser> {
  requireStudioOn();
  const user = await studioUser(request);
  if (!user) throw redirect(studioSignInUrl(herePath(new URL(request.url))), { status: redirectStatus(request), headers: signInHeaders(request) });
  if (!roleAllows(user.role, role)) {
    const texts = studioTexts.auth.forbidden;
    throw data<StudioForbidden>(
      { studio: "forbidden", documentTitle: texts.documentTitle, title: texts.title, text: texts.publisher, back: texts.back, backHref: STUDIO_HOME_PATH },
      { status: 403, headers: studioHeaders },
    );
  }
  return user;
}

/** Whether the person gave their password within the step-up's window. */
export const signedInRecently = (user: Pick<StudioUser, "authAt">, now = Date.now()) => now - user.authAt < STUDIO_STEP_UP_MS;

/**
 * Publishing and rolling back: when the password is older than 15 minutes, a redirect to
 * /estudio/entrar?paso=confirmar&volver=<this page>, where only the password is asked, and back
 * here afterwards (with a GET: a post is not replayed; its page asks again).
 */
export function requireRecentSignIn(user: StudioUser, request: Request): void {
  if (signedInRecently(user)) return;
  throw redirect(studioSignInUrl(herePath(new URL(request.url)), CONFIRM_STEP), { status: redirectStatus(request), headers: studioHeaders });
}
