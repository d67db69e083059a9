import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { BASE_URL, ownPort } from "../support/env";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { SESSION_COOKIE, ana, sessionCookieValue } from "../support/session";

// The page cache of anonymous pages (docs/performance.md), over plain HTTP: no cookie jar, so
// each fetch is a visitor of its own. Server behaviour: checked once, in the js project.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour, checked once in the js project");

const get = (pathname: string, cookie?: string) => fetch(BASE_URL + pathname, { headers: cookie ? { cookie } : {}, redirect: "manual" });
const scriptSources = (response: Response) => /(?:^|;\s*)script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1]?.split(" ") ?? [];
/** The inline scripts that run (a `type="application/json"` data block, the page's texts, never does). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, body]) => !/\bsrc=/.test(attributes ?? "") && !/\btype="application\/json"/.test(attributes ?? "") && (body ?? "").trim() !== "");

test("a public page is answered from memory, gzipped once, the same bytes for everyone, its policy the hashes of its inline scripts", async () => {
  // /e-sim sits behind the `e-sim` flag, which is on for every visitor: public like the rest.
  for (const pathname of ["/paquetes", "/e-sim"]) {
    const zipped = (cookie?: string) => fetch(BASE_URL + pathname, { headers: { "accept-encoding": "br, gzip", ...(cookie ? { cookie } : {}) } });
    await zipped();
    const responses = [await zipped(), await zipped()];
    const bodies: string[] = [];
    for (const response of responses) {
      expect(response.headers.get("x-page-cache")).toBe("hit");
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
      const html = await response.text();
      bodies.push(html);
      expect(html).not.toMatch(/<script\b[^>]*\bnonce=/);
      const sources = scriptSources(response);
      expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
      for (const [, , body] of inlineScripts(html)) expect(sources).toContain(`'sha256-${createHash("sha256").update(body ?? "").digest("base64")}'`);
    }
    expect(bodies[0]).toBe(bodies[1]);
    expect(responses[0]!.headers.get("content-security-policy")).toBe(responses[1]!.headers.get("content-security-policy"));
  }
});

test("no visitor's cookie reaches another, and a logged-in visitor is never served from memory", async () => {
  // A public page sets no cookie (so any shared cache may keep it); the visitor id comes only with
  // an answer of the visitor's own that hashed it for a percentage rollout (none is configured).
  for (const pathname of ["/recargas", "/login", "/haz-tu-portabilidad"]) expect((await get(pathname)).headers.getSetCookie(), pathname).toEqual([]);
  const returning = await get("/recargas", "bait_vid=3f1c2a9e-0000-4000-8000-000000000042");
  expect(returning.headers.get("x-page-cache")).toBe("hit");
  expect(returning.headers.getSetCookie()).toEqual([]);
  const newcomer = await get("/recargas");
  expect(newcomer.headers.get("x-page-cache")).toBe("hit");
  expect(newcomer.headers.getSetCookie()).toEqual([]);

  const loggedIn = await get("/recargas", `${SESSION_COOKIE}=${await sessionCookieValue(BASE_URL, ana)}`);
  expect(loggedIn.headers.get("x-page-cache")).toBeNull();
  const home = await get("/home", `${SESSION_COOKIE}=${await sessionCookieValue(BASE_URL, ana)}`);
  expect(home.headers.get("x-page-cache")).toBeNull();
});

test("a page with a form that answers private is rendered for every request", async () => {
  for (const pathname of ["/haz-tu-portabilidad", "/haz-tu-portabilidad"]) {
    const response = await get(pathname);
    expect(response.headers.get("x-page-cache")).toBe("miss");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  }
});

/** The pages before sign-in, every line type and the no-JavaScript steps that show nothing of the visitor. */
const GUEST_PAGES = [
  "/login",
  "/login?type=mbb",
  "/login?type=hbb",
  "/login?type=mifi",
  "/registro",
  "/registro?type=hbb",
  "/registro?type=mifi",
  "/recuperacion",
  "/recuperacion?type=hbb",
  "/recuperacion?type=mifi",
  "/recuperacion?exist=1&type=mbb",
];

test("the pages before sign-in are the same bytes for every anonymous visitor, public like /, set no cookie and are answered from memory", async () => {
  for (const pathname of GUEST_PAGES) {
    const visit = () => fetch(BASE_URL + pathname, { headers: { "accept-encoding": "gzip" }, redirect: "manual" });
    const first = await visit();
    expect(first.status, pathname).toBe(200);
    expect(first.headers.getSetCookie(), pathname).toEqual([]);
    expect(first.headers.get("cache-control"), pathname).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    await first.text();
    // Two more visitors (no cookie jar: each fetch is a visitor of its own).
    const [one, two] = [await visit(), await visit()];
    const bodies: string[] = [];
    for (const response of [one, two]) {
      expect(response.headers.get("x-page-cache"), pathname).toBe("hit");
      expect(response.headers.get("cache-control"), pathname).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
      expect(response.headers.getSetCookie(), pathname).toEqual([]);
      expect(response.headers.get("content-encoding"), pathname).toBe("gzip");
      const html = await response.text();
      expect(html, pathname).not.toMatch(/\bnonce=/);
      bodies.push(html);
    }
    expect(bodies[0], pathname).toBe(bodies[1]);
    expect(one.headers.get("content-security-policy"), pathname).toBe(two.headers.get("content-security-policy"));
  }
});

test("what a page before sign-in shows of one visitor stays private: a form's answer, a step of a flow, a session", async () => {
  const post = (pathname: string, fields: Record<string, string>, cookie?: string) =>
    fetch(BASE_URL + pathname, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL, ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });
  await get("/login?type=hbb");
  // A form's answer without JavaScript (what was typed, its errors) is the sender's alone.
  const answer = await post("/login?type=hbb", { number: "55", password: "" });
  expect(answer.status).toBe(400);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(answer.headers.get("x-page-cache")).toBeNull();
  const after = await get("/login?type=hbb");
  expect(after.headers.get("x-page-cache")).toBe("hit");
  expect(await after.text()).not.toContain('aria-invalid="true"');

  // A step of the recovery (the line's number, a lockout) comes from the flow's cookie: never stored, never from memory.
  const started = await post("/recuperacion?type=mbb", { number: "5566666666", confirmation: "5566666666" });
  expect(started.status).toBe(303);
  const flow = started.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  expect(flow).toMatch(/bait_recuperacion=/);
  for (let round = 0; round < 2; round += 1) {
    const step = await get("/recuperacion?type=mbb&verification=2", flow);
    expect(step.status).toBe(200);
    expect(step.headers.get("cache-control")).toBe("private, no-store");
    expect(step.headers.get("x-page-cache")).toBeNull();
  }
  // The step's address without the flow's cookie goes back to step 1.
  expect((await get("/recuperacion?type=mbb&verification=2")).headers.get("location")).toBe("/recuperacion?type=mbb");

  // A signed-in customer is sent to /home, never served the anonymous page.
  const signedIn = await get("/login", `${SESSION_COOKIE}=${await sessionCookieValue(BASE_URL, ana)}`);
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("location")).toBe("/home");
});

test.describe("a config edit", () => {
  // On a server of its own with its own copy of pages-config: the suite's servers and the other
  // specs' own servers (which copy pages-config as they start) never see a half-written file.
  // One worker runs its tests, one after the other, against the one server.
  test.describe.configure({ mode: "serial" });
  let own: OwnServer | undefined;
  test.beforeAll(async () => {
    own = await startOwnServer({ port: ownPort(55), label: "cache-edicion" });
  });
  test.afterAll(() => own?.stop());

  test("shows on the next request of a page that was answered from memory", async () => {
    const file = path.join(own!.configDir, "pages/promociones.json");
    const at = (pathname: string) => fetch(own!.base + pathname, { redirect: "manual" });
    await at("/promociones");
    expect((await at("/promociones")).headers.get("x-page-cache")).toBe("hit");
    const page = JSON.parse(readFileSync(file, "utf8"));
    page.blocks[0].title = "Promociones de fin de semana";
    writeFileSync(file, JSON.stringify(page, null, 2));
    const edited = await at("/promociones");
    expect(edited.headers.get("x-page-cache")).toBe("miss");
    expect(await edited.text()).toContain("Promociones de fin de semana");
  });

  test("a percentage rollout makes the pages private, and only a page that evaluates it gives a newcomer the visitor id", async () => {
    const file = path.join(own!.configDir, "flags.json");
    const flags = JSON.parse(readFileSync(file, "utf8"));
    // The sso flag (the login's SSO entry) for a visitor's share: only /login evaluates it for an anonymous visitor.
    flags.sso.conditions = { allowedPercentage: 50 };
    writeFileSync(file, JSON.stringify(flags, null, 2));
    const at = (pathname: string, cookie?: string) => fetch(own!.base + pathname, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const visitorCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("bait_vid="));

    const login = await at("/login");
    expect(login.headers.get("cache-control")).toBe("private, no-cache");
    expect(visitorCookie(login)).toMatch(/^bait_vid=[0-9a-f-]{36}; Max-Age=31536000; Path=\//);
    expect(visitorCookie(login)).toContain("HttpOnly");
    const id = visitorCookie(login)!.split(";")[0]!;
    // The same visitor keeps their id and their side of the rollout.
    const again = await at("/login", id);
    expect(visitorCookie(again)).toBeUndefined();
    expect(again.headers.get("x-page-cache")).toBe("miss");

    // The home page evaluates no rollout: private while one runs (its chrome could differ), and no cookie.
    const home = await at("/");
    expect(home.headers.get("cache-control")).toBe("private, no-cache");
    expect(visitorCookie(home)).toBeUndefined();

    flags.sso.conditions = { allowedUsers: { emails: ["demo.mbb@example.com"], phones: ["5512345678"] } };
    writeFileSync(file, JSON.stringify(flags, null, 2));
    const shared = await at("/login");
    expect(shared.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(shared.headers.getSetCookie()).toEqual([]);
  });
});
