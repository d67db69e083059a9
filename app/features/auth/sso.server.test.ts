import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { sessionStorage } from "~/lib/session.server";
import { ssoCallback, ssoStart } from "./sso.server";

useMockUpstream();

const context = { clientIp: "192.0.2.10", cspNonce: "", visitorId: "test" } as AppLoadContext;
const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

async function start(path: string, cookie = ""): Promise<Response> {
  try {
    await ssoStart(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), context);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("ssoStart rendered instead of redirecting");
}

describe("single sign-on", () => {
  it("sends a visitor the flag covers to the SSO server with a state kept in the session", async () => {
    const out = await start("/sso?numero=5512345678");
    const authorize = new URL(out.headers.get("Location") ?? "");
    expect(authorize.pathname).toBe("/__mocks/sso/authorize");
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost/sso-callback");
    expect(authorize.searchParams.get("login_hint")).toBe("5512345678");
    const session = await sessionStorage.getSession(cookieOf(out));
    expect(session.get("sso")).toEqual({ state: authorize.searchParams.get("state"), hint: "5512345678" });
  });

  it("sends anybody else home: no number, or a number the flag does not list", async () => {
    expect((await start("/sso")).headers.get("Location")).toBe("/");
    expect((await start("/sso?numero=5598765432")).headers.get("Location")).toBe("/");
  });

  it("the callback signs in with the state it started, as an SSO session", async () => {
    const started = await start("/sso?numero=5512345678");
    const state = new URL(started.headers.get("Location") ?? "").searchParams.get("state");
    const out = await ssoCallback(new Request(`http://localhost/sso-callback?code=mock-code-5512345678&state=${state}`, { headers: { Cookie: cookieOf(started) } }), context);
    expect([out.status, out.headers.get("Location")]).toEqual([303, "/home"]);
    const session = await sessionStorage.getSession(cookieOf(out));
    expect(session.get("auth")).toBe("sso");
    expect(session.get("user")).toMatchObject({ name: "Ana", number: "5512345678", isLegacy: false });
    expect(session.get("sso")).toBeUndefined();
  });

  it("refuses a callback whose state is not the one this session started", async () => {
    const started = await start("/sso?numero=5512345678");
    const out = await ssoCallback(new Request("http://localhost/sso-callback?code=mock-code-5512345678&state=forged", { headers: { Cookie: cookieOf(started) } }), context);
    expect(out.headers.get("Location")).toBe("/login");
    const session = await sessionStorage.getSession(cookieOf(out));
    expect(session.get("user")).toBeUndefined();
    expect(session.get("notice")).toBe("auth:login.ssoFailed");
  });

  it("ignores a callback nobody started", async () => {
    const out = await ssoCallback(new Request("http://localhost/sso-callback?code=x&state=y"), context);
    expect(out.headers.get("Location")).toBe("/");
  });
});
