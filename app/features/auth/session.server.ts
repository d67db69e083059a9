import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { sessionUser, type SessionTokens, type SessionUser } from "#schemas/session";
import { env } from "~/lib/env.server";
import { returnPath } from "~/lib/return-path.server";
import { commitSession, getSession, sealTokens, sessionStorage } from "~/lib/session.server";

/**
 * Signs a customer in: a brand-new session (new id, nothing carried over from the anonymous one
 * but where they were going), the user of docs/accounts.md "memberbt" without any password, the upstream
 * tokens kept server-side in its record (the cookie carries only its id). Answers the redirect to /home, or to the page
 * that sent them to /login (recurrente).
 */
export async function signIn(request: Request, input: { user: SessionUser; tokens: SessionTokens; auth: "legacy" | "sso" }): Promise<Response> {
  const previous = await getSession(request);
  // Only one of our pages, however the stored value reads (docs/accounts.md).
  const returnTo = returnPath(previous.get("returnTo"), { fallback: "/home" });
  // The anonymous record ends here: nothing from before the sign-in opens the new session.
  if (previous.id) await sessionStorage.destroySession(previous);
  const session = await sessionStorage.getSession();
  const now = Date.now();
  session.set("sid", randomUUID());
  session.set("signedInAt", now);
  session.set("authAt", now);
  session.set("user", input.user);
  session.set("tokens", sealTokens(input.tokens));
  session.set("auth", input.auth);
  return redirect(returnTo, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * The mock world's shortcut for tests that skip the login form (POST /__mocks/session, server/index.ts):
 * the record a legacy sign-in of `user` with that access token would create, and the cookie's
 * value that opens it; `minutesAgo` dates the sign-in back (the step-up's tests). Refused outside
 * the mock world.
 */
export async function openMockSession(user: unknown, access: string, minutesAgo: unknown = 0): Promise<string | null> {
  if (!env.mocks) return null;
  const parsed = sessionUser.safeParse(user);
  if (!parsed.success) return null;
  const session = await sessionStorage.getSession();
  const now = Date.now() - (typeof minutesAgo === "number" && minutesAgo > 0 ? minutesAgo * 60_000 : 0);
  session.set("sid", randomUUID());
  session.set("signedInAt", now);
  session.set("authAt", now);
  session.set("user", parsed.data);
  session.set("tokens", sealTokens({ access }));
  session.set("auth", "legacy");
  const pair = (await commitSession(session)).split(";")[0] ?? "";
  return pair.slice(pair.indexOf("=") + 1);
}
