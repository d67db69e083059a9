import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { newToken, world } from "../../../mocks/world";
import { commitSession, getSession, sealTokens, sessionStorage } from "~/lib/session.server";
import { profileAction, profileLoader } from "./profile.server";

useMockUpstream({ timeoutMs: 2000 });
let ips = 0;

const ANA = { name: "Ana", email: "demo.mbb@example.com", number: "5512345678" };
const MARTA = { name: "Marta", email: "marta.pendiente@example.com", number: "5556789012" };

/** A customer (DEMO-DATA.md; Ana, 5512345678, unless named) signed in by single sign-on: the session as the callback leaves it. */
async function ssoSession(who = ANA) {
  const session = await getSession(new Request("http://localhost/"));
  session.set("user", { ...who, userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true });
  session.set("tokens", sealTokens({ access: newToken(who.number) }));
  session.set("auth", "sso");
  // Signed in a moment ago: no step-up is asked (docs/accounts.md "Step-up").
  session.set("signedInAt", Date.now());
  session.set("authAt", Date.now());
  return (await commitSession(session)).split(";")[0]!;
}

const post = async (cookie: string, fields: Record<string, string>) =>
  profileAction(new Request("http://localhost/editar-perfil", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }), { clientIp: `198.51.100.${++ips}`, cspNonce: "", visitorId: "test" } as AppLoadContext).then(
    (answer) => answer as unknown as Response,
    (thrown: Response) => thrown,
  );

describe("'Actualizar Datos' for a single-sign-on session", () => {
  it("shows the SSO server's pages for password, phone and account instead of a password form", async () => {
    const out = (await profileLoader(new Request("http://localhost/editar-perfil", { headers: { Cookie: await ssoSession() } }))) as unknown as { data: { sso: Record<string, string> | null } };
    expect(out.data.sso).toEqual({ changePassword: expect.stringContaining("/cuenta/contrasena"), updatePhone: expect.stringContaining("/cuenta/telefono"), deleteAccount: expect.stringContaining("/cuenta/eliminar") });
  });

  it("changes the name, e-mail and promotions with the session's own token: at once in the session, and in the account for the next login", async () => {
    const answer = await post(await ssoSession(), { intent: "data", name: "Ana María", email: "ana.maria@example.com", promotions: "on" });
    expect(answer.status).toBe(303);
    const session = await sessionStorage.getSession(answer.headers.get("Set-Cookie"));
    expect(session.get("user")).toMatchObject({ name: "Ana María", email: "ana.maria@example.com", allowNotifications: true });
    expect(world.accounts.get("5512345678")).toMatchObject({ name: "Ana María", email: "ana.maria@example.com" });
  });

  it("never changes the password here: a post of the password form goes back to the page, the account untouched", async () => {
    const before = world.accounts.get("5512345678")?.password;
    const answer = await post(await ssoSession(), { intent: "password", currentPassword: before ?? "", password: "Nueva2025!", confirmPassword: "Nueva2025!" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/editar-perfil");
    expect(world.accounts.get("5512345678")?.password).toBe(before);
  });
});

describe("the password change of a legacy account", () => {
  it("ends every session of the line, this one too: /login with the notice, and the old cookie gets /login", async () => {
    const session = await getSession(new Request("http://localhost/"));
    session.set("user", { name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true });
    session.set("tokens", sealTokens({ access: newToken("5512345678") }));
    session.set("auth", "legacy");
    session.set("signedInAt", Date.now() - 1);
    session.set("authAt", Date.now() - 1);
    const cookie = (await commitSession(session)).split(";")[0]!;
    const answer = await post(cookie, { intent: "password", currentPassword: "Bait2024!", password: "Nueva2025!", passwordConfirmation: "Nueva2025!" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/login?type=mbb");
    expect(world.accounts.get("5512345678")?.password).toBe("Nueva2025!");
    const replayed = await profileLoader(new Request("http://localhost/editar-perfil", { headers: { Cookie: cookie } })).then(() => null, (thrown: Response) => thrown);
    expect(replayed?.headers.get("Location")).toBe("/login");
  });
});

describe("the limit of 'Actualizar Datos'", () => {
  it("refuses the 31st change of a line in 15 minutes with the catalogue's message, without asking the upstream", async () => {
    // Marta's line: the test before ends every session of Ana's, and a sign-in in the same
    // millisecond as that end would count as ended (every post then goes to /login).
    const cookie = await ssoSession(MARTA);
    const context = { clientIp: "198.51.100.250", cspNonce: "", visitorId: "test" } as AppLoadContext;
    const send = () => profileAction(new Request("http://localhost/editar-perfil", { method: "POST", body: new URLSearchParams({ intent: "data", name: MARTA.name, email: MARTA.email }), headers: { Cookie: cookie } }), context).then(
      (answer) => answer as unknown as { data?: { message?: { text: string } }; init?: { status?: number } } & Response,
      (thrown: Response) => thrown as never,
    );
    for (let i = 0; i < 30; i++) await send();
    const refused = await send();
    expect(refused.init?.status).toBe(429);
    expect(refused.data?.message?.text).toBe("Has hecho demasiados intentos. Espera 15 minutos y vuelve a intentarlo.");
  });
});
