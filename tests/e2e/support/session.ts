import type { BrowserContext } from "@playwright/test";
import { FRESH_CONNECTION } from "./fresh-connection";

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

/**
 * Logs `user` in by giving the browser context the session cookie, skipping the login form. The
 * mock upstream mints a real access token for the line and the site opens the session record a
 * login would (POST /__mocks/session with the user), so pages that call the upstream on the
 * customer's behalf (balance on /home, logout) work as after a real login; `minutesAgo` dates the
 * sign-in back (the step-up). Answers the cookie's value (a test may keep it to replay it after a
 * logout).
 */
export async function loginAs(context: BrowserContext, user: Customer = ana, { minutesAgo = 0 } = {}): Promise<string> {
  const minted = await context.request.post("/__mocks/session", { data: { number: user.number, user, minutesAgo }, headers: FRESH_CONNECTION });
  const { cookie } = (await minted.json()) as { access: string; cookie?: string };
  if (!cookie) throw new Error(`POST /__mocks/session no abrió una sesión (${minted.status()})`);
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: cookie,
      domain: "localhost",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    },
  ]);
  return cookie;
}

/** The value of a session cookie the server at `base` opened for `user` (POST /__mocks/session), for tests that speak HTTP. */
export async function sessionCookieValue(base: string, user: Customer = ana): Promise<string> {
  const minted = await fetch(`${base}/__mocks/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ number: user.number, user }) });
  const { cookie } = (await minted.json()) as { cookie?: string };
  if (!cookie) throw new Error(`POST /__mocks/session no abrió una sesión (${minted.status})`);
  return cookie;
}
