import type { AddressInfo } from "node:net";
import path from "node:path";
import { request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createSiteServer, type SiteBuild } from "./app";
import { standInBuildShell } from "./stand-in-build.test-helpers";

/**
 * Previews on an origin of their own (server/preview-origin.ts), through the whole express app
 * (createApp) in front of a stand-in build whose one page says which cookies and method the app
 * was given: on PREVIEW_ORIGIN only the preview shows, /estudio is a 404, nothing is posted but
 * the leaving of the preview, no session cookie reaches the app or is set; on the site's origin
 * the preview cookie is never read, and a post from the preview origin is refused.
 */
const SITE = "localhost:4100";
const PREVIEW = "localhost:4101";
const PREVIEW_COOKIE = "bait_vista_previa=123.abc";
const SESSION_COOKIE = "__Host-bait_session=ana";
const STUDIO_COOKIE = "__Host-bait_estudio=publica";

/** What the app was handed: every request reaching the build is answered with its cookie and method, and tries to set a session. */
const build = {
  ...standInBuildShell,
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        loader: ({ request }: { request: Request }) => new Response(JSON.stringify({ cookie: request.headers.get("cookie") ?? "", method: request.method }), { headers: { "Content-Type": "application/json", "Set-Cookie": "__Host-bait_session=nueva; Path=/" } }),
        action: ({ request }: { request: Request }) => new Response(JSON.stringify({ cookie: request.headers.get("cookie") ?? "", method: request.method }), { headers: { "Content-Type": "application/json" } }),
        default: () => null,
      },
    },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: { default: () => null } },
  },
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) => new Response("página", { status, headers }),
      healthReport: async () => ({ ready: true, upstream: "mock", configVersion: 0 }),
      configStatusResponse: () => null,
    },
  },
} as unknown as SiteBuild;

let server: Server;
let base = "";

beforeAll(async () => {
  const { app } = createApp({
    root: path.resolve(__dirname, ".."),
    build: () => build,
    isProduction: false,
    isDevelopment: false,
    clientIpOf: () => "127.0.0.1",
    trustProxy: false,
    mockRoutes: null,
    pageCacheOn: false,
    pageCacheTtlMs: 0,
    previewOrigin: `http://${PREVIEW}`,
  });
  server = createSiteServer(app, null);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** A request as a browser on `host` sends it (the Host header says which origin it is for; fetch would not let a test set it). */
const ask = (host: string, pathname: string, init: { method?: string; cookie?: string; origin?: string; fetchSite?: string; body?: string } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { host, cookie: init.cookie ?? "" };
    if (init.body !== undefined) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(init.body)) });
    if (init.origin) headers.origin = init.origin;
    if (init.fetchSite) headers["sec-fetch-site"] = init.fetchSite;
    const sent = request(`${base}${pathname}`, { method: init.method ?? "GET", headers }, (answer) => {
      let text = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (text += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text }));
    });
    sent.on("error", reject);
    sent.end(init.body);
  });

/** What the build was given, read from a page's data (the loader's answer). */
const seen = async (host: string, cookie: string) => JSON.parse((await ask(host, "/?_data=root", { cookie })).text) as { cookie: string };

describe("on the preview origin", () => {
  it("honours the preview cookie alone: neither the studio's session nor a customer's reaches the app, and none is set", async () => {
    const answer = await ask(PREVIEW, "/?_data=root", { cookie: `${SESSION_COOKIE}; ${PREVIEW_COOKIE}; ${STUDIO_COOKIE}` });
    expect((JSON.parse(answer.text) as { cookie: string }).cookie).toBe(PREVIEW_COOKIE);
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  it.each(["/estudio", "/estudio/", "/estudio/documento?archivo=site.json", "/estudio/versiones", "/estudio/entrar"])("answers %s with a 404 page", async (pathname) => {
    const answer = await ask(PREVIEW, pathname, { cookie: `${STUDIO_COOKIE}; ${PREVIEW_COOKIE}` });
    expect(answer.status).toBe(404);
    expect(answer.text).toContain("Esta dirección no está en la vista previa");
  });

  it("refuses every post (the studio's publish, a customer's form) but the one that leaves the preview", async () => {
    for (const pathname of ["/estudio?index", "/?index", "/login", "/recargar-de-nuevo"]) {
      const answer = await ask(PREVIEW, pathname, { method: "POST", cookie: `${STUDIO_COOKIE}; ${PREVIEW_COOKIE}`, origin: `http://${PREVIEW}`, fetchSite: "same-origin", body: "nota=x&base=0" });
      expect(answer.status, pathname).toBe(pathname.startsWith("/estudio") ? 404 : 403);
    }
    const leaving = await ask(PREVIEW, "/vista-previa", { method: "POST", cookie: PREVIEW_COOKIE, origin: `http://${PREVIEW}`, fetchSite: "same-origin", body: "volver=%2F" });
    expect(leaving.status).not.toBe(403);
  });
});

describe("on the site's origin, with PREVIEW_ORIGIN set", () => {
  it("never reads the preview cookie; the session goes on", async () => {
    expect((await seen(SITE, `${SESSION_COOKIE}; ${PREVIEW_COOKIE}`)).cookie).toBe(SESSION_COOKIE);
  });

  it("sends a preview link on to the preview origin", async () => {
    const answer = await ask(SITE, "/vista-previa?firma=123.borradores.abc&volver=%2Fplanes");
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`http://${PREVIEW}/vista-previa?firma=123.borradores.abc&volver=%2Fplanes`);
  });

  it("refuses a post whose origin is the preview's (same site on localhost, another origin)", async () => {
    for (const fetchSite of ["same-site", undefined]) {
      const answer = await ask(SITE, "/estudio?index", { method: "POST", cookie: STUDIO_COOKIE, origin: `http://${PREVIEW}`, fetchSite, body: "nota=x&base=0" });
      expect(answer.status, String(fetchSite)).toBe(403);
    }
  });
});
