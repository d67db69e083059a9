import { createCookieSessionStorage } from "@remix-run/node";
import type { BrowserContext } from "@playwright/test";
import { seal } from "../../../app/lib/token-vault.server";
import { SESSION_SECRET } from "./env";

/** The production name of the session cookie (app/lib/session.server.ts): the server runs with NODE_ENV=production. */
export const SESSION_COOKIE = "__Host-bait_session";

export type Customer = {
  name: string;
  email: string;
  number: string;
  userType: 1 | 2 | 3;
  isLegacy: boolean;
  isProfileActive: boolean;
  isEmailVerify: boolean;
};

/** Ana (DEMO-DATA.md, 5512345678): the sso and pospaid flags are on for her. */
export const ana: Customer = {
  name: "Ana",
  email: "demo.mbb@example.com",
  number: "5512345678",
  userType: 1,
  isLegacy: true,
  isProfileActive: true,
  isEmailVerify: true,
};

/** Luis (DEMO-DATA.md, 5545678901): a registered customer for whom every per-user flag is off. */
export const luis: Customer = {
  name: "Luis",
  email: "luis@example.com",
  number: "5545678901",
  userType: 1,
  isLegacy: true,
  isProfileActive: true,
  isEmailVerify: true,
};

const storage = createCookieSessionStorage({
  cookie: { name: SESSION_COOKIE, secrets: [SESSION_SECRET], path: "/", httpOnly: true, secure: true, sameSite: "lax" },
});

/** The signed cookie value the app would have written after a successful login of `user` with that access token. */
export async function sessionCookieValue(user: Customer = ana, access = "test-access-token"): Promise<string> {
  const session = await storage.getSession();
  session.set("user", user);
  session.set("tokens", seal({ access }, SESSION_SECRET));
  session.set("auth", "legacy");
  const header = await storage.commitSession(session);
  const pair = header.split(";")[0] ?? "";
  return pair.slice(pair.indexOf("=") + 1);
}

/**
 * Logs `user` in by giving the browser context the session cookie, skipping the login form. The
 * mock upstream mints a real access token for the line, so pages that call the upstream on the
 * customer's behalf (balance on /home, logout) work as after a real login.
 */
export async function loginAs(context: BrowserContext, user: Customer = ana): Promise<void> {
  const minted = await context.request.post("/__mocks/session", { data: { number: user.number } });
  const { access } = (await minted.json()) as { access: string };
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: await sessionCookieValue(user, access),
      domain: "localhost",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    },
  ]);
}
