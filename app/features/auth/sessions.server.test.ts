import type { AppLoadContext } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { DEMO_PASSWORD } from "../../../mocks/fixtures/demo";
import { newToken } from "../../../mocks/world";
import { getCustomer, getSessionUser, requireCustomer, sessionStorage } from "~/lib/session.server";
import { logoutAction } from "./logout.server";
import { signIn } from "./session.server";
import { requireRecentSignIn, stepUpAction, stepUpLoader } from "./step-up.server";

/**
 * Server-side sessions and the step-up (docs/accounts.md "Sessions", "Step-up") through the
 * functions the routes call, with a fake clock: a cookie whose record ended (logout, the idle and
 * absolute timeouts) gets /login and loses the cookie; the changes to the line ask for the
 * password again after 10 minutes.
 */
useMockUpstream({ timeoutMs: 2000 });

const MINUTE = 60_000;
let ips = 0;
const context = () => ({ clientIp: `203.0.113.${++ips}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

const ana = { name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1 as const, isLegacy: true, isProfileActive: true, isEmailVerify: true };

/** Ana signed in as the login does; the `Cookie` header her browser then sends. */
async function signedIn(): Promise<string> {
  const answer = await signIn(new Request("http://localhost/login"), { user: ana, tokens: { access: newToken(ana.number) }, auth: "legacy" });
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });

/** What a guard threw (a redirect), or null when it let the request through. */
async function thrown(run: () => Promise<unknown>): Promise<Response | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function expectLoginWithCookieCleared(answer: Response | null) {
  expect(answer?.status).toBe(302);
  expect(answer?.headers.get("Location")).toBe("/login");
  expect(answer?.headers.get("Set-Cookie")).toMatch(/^(__Host-)?bait_session=;.*Max-Age=0/);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.UTC(2026, 0, 15, 9, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a session cookie whose record ended", () => {
  it("after the logout, the same cookie replayed is anonymous: customer pages and actions send it to /login and clear it", async () => {
    const cookie = await signedIn();
    expect((await getCustomer(get("/home", cookie)))?.user.name).toBe("Ana");

    const out = await logoutAction(post("/logout", cookie, {}));
    expect(out.status).toBe(303);

    expect(await getSessionUser(get("/", cookie))).toBeNull();
    expectLoginWithCookieCleared(await thrown(() => getCustomer(get("/home", cookie))));
    expectLoginWithCookieCleared(await thrown(() => requireCustomer(get("/recurrente", cookie), "home")));
    expectLoginWithCookieCleared(await thrown(() => getCustomer(post("/editar-perfil", cookie, { intent: "data" }))));
  });

  it("30 minutes without use end it (idle timeout); 29 do not", async () => {
    const cookie = await signedIn();
    vi.advanceTimersByTime(29 * MINUTE);
    expect((await getCustomer(get("/home", cookie)))?.user.name).toBe("Ana");
    vi.setSystemTime(Date.now() + 30 * MINUTE);
    expectLoginWithCookieCleared(await thrown(() => getCustomer(get("/home", cookie))));
  });

  it("12 hours after the sign-in it ends however much it is used (absolute timeout)", async () => {
    const cookie = await signedIn();
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(Date.now() + 20 * MINUTE);
      expect((await getCustomer(get("/home", cookie)))?.user.name, `${minutes} min`).toBe("Ana");
    }
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    expectLoginWithCookieCleared(await thrown(() => getCustomer(get("/home", cookie))));
  });

  it("a cookie nobody signed in with (a made-up or unsigned id) is just anonymous", async () => {
    expect(await getSessionUser(get("/", "__Host-bait_session=inventada; bait_session=inventada"))).toBeNull();
    expect(await thrown(() => requireCustomer(get("/recurrente", "bait_session=inventada"), "home"))).toMatchObject({ status: 302 });
  });

  it("a new sign-in gets a new id and ends the anonymous record it came from", async () => {
    const anonymous = await sessionStorage.getSession();
    anonymous.set("returnTo", "/recurrente");
    const before = (await sessionStorage.commitSession(anonymous)).split(";")[0]!;
    const answer = await signIn(get("/login", before), { user: ana, tokens: { access: newToken(ana.number) }, auth: "legacy" });
    expect(answer.headers.get("Location")).toBe("/recurrente");
    const after = answer.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(after).not.toBe(before);
    expect((await sessionStorage.getSession(before)).get("returnTo")).toBeUndefined();
  });
});

describe("the step-up", () => {
  it("lets the changes through within 10 minutes of the sign-in, and sends to /confirmar-identidad?volver= after", async () => {
    const cookie = await signedIn();
    vi.setSystemTime(Date.now() + 9 * MINUTE);
    expect(await thrown(() => requireRecentSignIn(get("/editar-perfil", cookie), "/editar-perfil"))).toBeNull();
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    for (const page of ["/editar-perfil", "/reposicion-sim", "/cambio-nir"] as const) {
      const answer = await thrown(() => requireRecentSignIn(get(page, cookie), page));
      expect(answer?.status).toBe(303);
      expect(answer?.headers.get("Location")).toBe(`/confirmar-identidad?volver=${encodeURIComponent(page)}`);
    }
  });

  it("a wrong password is refused with its message and counts; the right one goes back to the page and counts 10 more minutes", async () => {
    const cookie = await signedIn();
    vi.setSystemTime(Date.now() + 11 * MINUTE);
    const ip = context();
    const wrong = (await stepUpAction(post("/confirmar-identidad?volver=%2Freposicion-sim", cookie, { password: "NoEsLaMia2024!" }), ip)) as unknown as {
      data: { message?: { text: string } };
      init: ResponseInit | null;
    };
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.message?.text).toBe("La contraseña no es correcta. Revísala e inténtalo de nuevo.");
    expect(JSON.stringify(wrong.data)).not.toContain("NoEsLaMia2024!");

    const right = (await stepUpAction(post("/confirmar-identidad?volver=%2Freposicion-sim", cookie, { password: DEMO_PASSWORD }), ip)) as Response;
    expect(right.status).toBe(303);
    expect(right.headers.get("Location")).toBe("/reposicion-sim");
    vi.setSystemTime(Date.now() + 9 * MINUTE);
    expect(await thrown(() => requireRecentSignIn(get("/reposicion-sim", cookie), "/reposicion-sim"))).toBeNull();
  });

  it("goes back only to the pages it guards: any other 'volver' is /home", async () => {
    const cookie = await signedIn();
    vi.setSystemTime(Date.now() + 11 * MINUTE);
    for (const volver of ["https://example.com/", "//example.com", "/pago", ""]) {
      const right = (await stepUpAction(post(`/confirmar-identidad?volver=${encodeURIComponent(volver)}`, cookie, { password: DEMO_PASSWORD }), context())) as Response;
      expect(right.headers.get("Location"), volver).toBe("/home");
      vi.setSystemTime(Date.now() + 11 * MINUTE);
    }
  });

  it("an empty password is the form's message, with no call to the upstream", async () => {
    const cookie = await signedIn();
    const answer = (await stepUpAction(post("/confirmar-identidad?volver=%2Feditar-perfil", cookie, {}), context())) as unknown as { data: { result: { error?: Record<string, string[]> } }; init: ResponseInit | null };
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error?.password).toEqual(["auth:stepUp.passwordRequired"]);
  });

  it("falls under the login's attempt limit: the 11th wrong password of the line in 15 minutes is refused without asking", async () => {
    const cookie = await signedIn();
    vi.setSystemTime(Date.now() + 11 * MINUTE);
    const send = (password: string) =>
      stepUpAction(post("/confirmar-identidad?volver=%2Feditar-perfil", cookie, { password }), context()) as unknown as Promise<{ init: ResponseInit | null; status?: number }>;
    for (let i = 0; i < 10; i += 1) expect((await send("NoEsLaMia2024!")).init?.status).toBe(400);
    expect((await send(DEMO_PASSWORD)).init?.status).toBe(429);
  });

  it("a visitor who is not signed in goes to /login; a replayed cookie too", async () => {
    expect(await thrown(() => stepUpLoader(get("/confirmar-identidad?volver=%2Feditar-perfil", "")))).toMatchObject({ status: 302 });
    const cookie = await signedIn();
    await logoutAction(post("/logout", cookie, {}));
    expectLoginWithCookieCleared(await thrown(() => stepUpLoader(get("/confirmar-identidad?volver=%2Feditar-perfil", cookie))));
  });
});
