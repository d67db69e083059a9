import { randomUUID } from "node:crypto";
import type { SessionUser } from "#schemas/session";

/** Ana (DEMO-DATA.md, 5512345678), a registered customer of the mock world. */
export const benchCustomer: SessionUser = {
  name: "Ana",
  email: "demo.mbb@example.com",
  number: "5512345678",
  userType: 1,
  isLegacy: true,
  isProfileActive: true,
  isEmailVerify: true,
};

/**
 * The `Cookie` header of a logged-in visitor, signed by the app's own session storage with the
 * secret the bench gives the server (the access token is minted by the mock upstream), with the
 * visitor id a returning browser holds (without it every answer would hand out a new one).
 */
export async function sessionCookie(secret: string, access: string): Promise<string> {
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET = secret;
  const { sessionStorage, sealTokens } = await import("../../app/lib/session.server");
  const session = await sessionStorage.getSession();
  session.set("user", benchCustomer);
  session.set("tokens", sealTokens({ access }));
  session.set("auth", "legacy");
  const { VISITOR_COOKIE } = await import("../http-guards.mjs");
  return `${(await sessionStorage.commitSession(session)).split(";")[0]!}; ${VISITOR_COOKIE}=${randomUUID()}`;
}
