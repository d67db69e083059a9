import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import type { SessionTokens, SessionUser } from "#schemas/session";
import { returnPath } from "~/lib/return-path.server";
import { commitSession, getSession, sealTokens, sessionStorage } from "~/lib/session.server";

/**
 * Signs a customer in: a brand-new session (new id, nothing carried over from the anonymous one
 * but where they were going), the user of docs/accounts.md "memberbt" without any password, the upstream
 * tokens kept server-side in the signed cookie. Answers the redirect to /home, or to the page
 * that sent them to /login (recurrente).
 */
export async function signIn(request: Request, input: { user: SessionUser; tokens: SessionTokens; auth: "legacy" | "sso" }): Promise<Response> {
  const previous = await getSession(request);
  // Only one of our pages, however the stored value reads (docs/accounts.md).
  const returnTo = returnPath(previous.get("returnTo"), { fallback: "/home" });
  const session = await sessionStorage.getSession();
  session.set("sid", randomUUID());
  session.set("user", input.user);
  session.set("tokens", sealTokens(input.tokens));
  session.set("auth", input.auth);
  return redirect(returnTo, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}
