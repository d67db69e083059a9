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
 * The `Cookie` header of a logged-in visitor, with the visitor id a returning browser holds
 * (without it every answer would hand out a new one). Sessions are records on the server: with
 * mocks the app opens one (POST /__mocks/session with the user); with a separate upstream the
 * record is written here, into the Redis the app shares (`redisUrl`), by the app's own storage.
 */
export async function sessionCookie(secret: string, access: string, open: { appBase: string } | { redisUrl: string }): Promise<string> {
  const { VISITOR_COOKIE } = await import("../../server/http-guards");
  const visitor = `${VISITOR_COOKIE}=${randomUUID()}`;
  if ("appBase" in open) {
    const minted = await fetch(`${open.appBase}/__mocks/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ number: benchCustomer.number, user: benchCustomer }) });
    const { cookie } = (await minted.json()) as { cookie?: string };
    if (!cookie) throw new Error("the app opened no session (POST /__mocks/session)");
    return `__Host-bait_session=${cookie}; ${visitor}`;
  }
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET = secret;
  process.env.REDIS_URL = open.redisUrl;
  const { sessionStorage, sealTokens } = await import("../../app/lib/session.server");
  const session = await sessionStorage.getSession();
  session.set("user", benchCustomer);
  session.set("tokens", sealTokens({ access }));
  session.set("auth", "legacy");
  session.set("signedInAt", Date.now());
  session.set("authAt", Date.now());
  return `${(await sessionStorage.commitSession(session)).split(";")[0]!}; ${visitor}`;
}
