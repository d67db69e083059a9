import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import type { SessionTokens, SessionUser } from "#schemas/session";
import { commitSession, getSession, sealTokens, sessionStorage } from "~/lib/session.server";

/**
 * Signs a customer in: a brand-new session (new id, nothing carried over from the anonymous one
 * but where they were going), the user of docs/accounts.md "memberbt" without any password, the upstream
 * tokens kept server-side in the signed cookie. Answers the redirect to /home, or to the page
 * that sent them to /login (recurrente).
 */
export async function signIn(request: Request, input: { user: SessionUser; tokens: SessionTokens; auth: "legacy" | "sso" }): Promise<Response> {
  const previous = await getSession(request);
  const returnTo = safeReturnTo(previous.get("returnTo"));
  const session = await sessionStorage.getSession();
  session.set("sid", randomUUID());
  session.set("user", input.user);
  session.set("tokens", sealTokens(input.tokens));
  session.set("auth", input.auth);
  return redirect(returnTo ?? "/home", { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

/** Only our own paths: a stored returnTo must never send anybody to another site. */
export function safeReturnTo(value: unknown): string | undefined {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : undefined;
}
