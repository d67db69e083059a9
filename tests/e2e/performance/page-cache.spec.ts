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
  // A public page sets no cookie (so any shared cache may keep it); a newcomer's visitor id comes with their first own answer.
  const first = await get("/recargas");
  expect(first.headers.getSetCookie()).toEqual([]);
  const own = await get("/login");
  const firstVisitor = own.headers.getSetCookie().find((cookie) => cookie.startsWith("bait_vid="));
  expect(firstVisitor).toBeDefined();
  const returning = await get("/recargas", firstVisitor!.split(";")[0]);
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

test("a page with a form, which answers private, is rendered for every request", async () => {
  for (const pathname of ["/login", "/login"]) {
    const response = await get(pathname);
    expect(response.headers.get("x-page-cache")).toBe("miss");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  }
});

test.describe("a config edit", () => {
  // On a server of its own with its own copy of pages-config: the suite's servers and the other
  // specs' own servers (which copy pages-config as they start) never see a half-written file.
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
});
