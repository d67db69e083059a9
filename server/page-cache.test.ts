import { createHash, randomBytes } from "node:crypto";
import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isCacheableRequest, isCacheableResponse, pageCache, pageCacheKey } from "./page-cache";

describe("which requests the page cache may answer", () => {
  it("answers GET and HEAD of a visitor with only the shared cookies (visitor id, consent, campaign) or third-party ones", () => {
    expect(isCacheableRequest({ method: "GET" })).toBe(true);
    expect(isCacheableRequest({ method: "HEAD", cookie: "bait_vid=1; bait_cookies=aceptadas; bait_campania=x; _ga=GA1" })).toBe(true);
  });

  it("never answers a POST, nor a visitor with a session, a flash notice or a flow of this site", () => {
    expect(isCacheableRequest({ method: "POST" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", cookie: "bait_vid=1; __Host-bait_session=abc" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", cookie: "bait_session=abc" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", cookie: "bait_registro=abc" })).toBe(false);
  });

  it("never answers nor stores a preview of the draft config (its cookie, docs/config.md \"Previews\")", () => {
    expect(isCacheableRequest({ method: "GET", cookie: "bait_vid=1; __Host-bait_vista_previa=1795725572.abc" })).toBe(false);
    expect(isCacheableRequest({ method: "HEAD", cookie: "bait_vista_previa=1795725572.abc; bait_cookies=aceptadas" })).toBe(false);
  });
});

describe("which responses the page cache may keep", () => {
  const page = { status: 200, cacheControl: "public, max-age=0, s-maxage=10", contentType: "text/html; charset=utf-8", setsCookie: false };

  it("keeps a 200 HTML page the route marked public", () => {
    expect(isCacheableResponse(page)).toBe(true);
  });

  it("keeps nothing private, without Cache-Control, with a cookie, not 200 or not HTML", () => {
    expect(isCacheableResponse({ ...page, cacheControl: "private, no-store" })).toBe(false);
    expect(isCacheableResponse({ ...page, cacheControl: "private, no-cache" })).toBe(false);
    expect(isCacheableResponse({ ...page, cacheControl: undefined })).toBe(false);
    expect(isCacheableResponse({ ...page, setsCookie: true })).toBe(false);
    expect(isCacheableResponse({ ...page, status: 404 })).toBe(false);
    expect(isCacheableResponse({ ...page, contentType: "application/json" })).toBe(false);
  });
});

describe("the page cache key", () => {
  it("differs by host, URL (query included), variant and crawler", () => {
    const key = { host: "www.bait.mx", url: "/recargas", variant: "3|10|aceptadas|", bot: false };
    const keys = [key, { ...key, host: "bait.mx" }, { ...key, url: "/recargas?x=1" }, { ...key, variant: "4|10|aceptadas|" }, { ...key, variant: "3|11|aceptadas|" }, { ...key, bot: true }].map(pageCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("is null when the variant is unknown: nothing is cached", () => {
    expect(pageCacheKey({ host: "h", url: "/", variant: null, bot: false })).toBeNull();
  });
});

/** The CSP source of the test page's inline script, `1`. */
const SCRIPT_HASH = `sha256-${createHash("sha256").update("1").digest("base64")}`;

describe("the page cache middleware", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** An app like server/app.ts: a nonce per request, a visitor cookie, then the cache, then a page. */
  type Options = { cacheControl?: (req: express.Request) => string; setCookie?: (req: express.Request) => string | undefined; variant?: (req: unknown) => string; early?: boolean; renderMs?: number };
  async function start({ cacheControl = () => "public, s-maxage=10", setCookie = () => undefined, variant = () => "1", early = false, renderMs = 20 }: Options = {}) {
    let renders = 0;
    let inFlight = 0;
    let mostAtOnce = 0;
    let appRuns = 0;
    const app = express();
    app.use((_req, res, next) => {
      appRuns += 1;
      res.setHeader("X-Frame-Options", "SAMEORIGIN");
      next();
    });
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
      res.cookie("bait_vid", randomBytes(4).toString("hex"));
      next();
    });
    const cache = pageCache({ variantOf: (req) => variant(req), isBot: () => false });
    app.use(cache);
    app.all("*", async (req, res) => {
      renders += 1;
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, renderMs));
      inFlight -= 1;
      res.setHeader("Cache-Control", cacheControl(req));
      const cookie = setCookie(req);
      if (cookie) res.append("Set-Cookie", cookie);
      res.type("html");
      res.write(`<p>render ${renders}</p>`);
      res.end(`<script nonce="${res.locals.cspNonce}">1</script>`);
    });
    // As server/app.ts: a stored page is answered before express runs.
    let answers = 0;
    const thisAnswer = () => `respuesta-${(answers += 1)}`;
    const listening = createServer((req, res) => (early && cache.answerEarly(req, res, thisAnswer)) || app(req, res));
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    return { base, get: (path: string, init?: RequestInit) => fetch(base + path, init), renders: () => renders, appRuns: () => appRuns, mostAtOnce: () => mostAtOnce };
  }

  const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  /** The policy of every answer from memory: the hash of the page's inline script `1`, no nonce. */
  const HASHED_POLICY = `script-src '${SCRIPT_HASH}'`;

  it("renders once, then answers from memory: the same bytes for everyone, its policy the hash of its inline script, no nonce", async () => {
    const app = await start();
    const first = await app.get("/");
    const second = await app.get("/");
    const third = await app.get("/");
    expect(app.renders()).toBe(1);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toBe(`<p>render 1</p><script nonce="${nonceOf(first)}">1</script>`);
    for (const hit of [second, third]) {
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(hit.headers.get("content-security-policy")).toBe(HASHED_POLICY);
      expect(await hit.text()).toBe("<p>render 1</p><script>1</script>");
    }
  });

  it("keeps a page its lifetime by the clock, 10 s by default (PAGE_CACHE_TTL_MS): a hit up to the last millisecond, rendered again after", async () => {
    // Only Date is faked: the cache reads Date.now, the server and fetch run on real timers.
    vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
    try {
      const app = await start({ cacheControl: () => "public, max-age=0, s-maxage=60" });
      expect((await app.get("/")).headers.get("x-page-cache")).toBe("miss");
      vi.setSystemTime(1_010_000);
      expect((await app.get("/")).headers.get("x-page-cache")).toBe("hit");
      expect(app.renders()).toBe(1);
      vi.setSystemTime(1_010_001);
      const renderedAgain = await app.get("/");
      expect(renderedAgain.headers.get("x-page-cache")).toBe("miss");
      expect(await renderedAgain.text()).toContain("render 2");
      expect((await app.get("/")).headers.get("x-page-cache")).toBe("hit");
      expect(app.renders()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a hit gzipped once at storing, and plain to a client without gzip", async () => {
    const app = await start();
    await app.get("/zip");
    const raw = async (encoding: string) => {
      const response = await new Promise<IncomingMessage>((resolve) => get(`${app.base}/zip`, { headers: { "accept-encoding": encoding } }, resolve));
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      return { headers: response.headers, body: Buffer.concat(chunks) };
    };
    const zipped = await raw("br;q=1, gzip;q=0.8");
    expect(zipped.headers["x-page-cache"]).toBe("hit");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["vary"]).toBe("Accept-Encoding");
    expect(zipped.headers["content-security-policy"]).toBe(HASHED_POLICY);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).toString()).toBe("<p>render 1</p><script>1</script>");
    // The same bytes again: compressed once, not per answer.
    expect((await raw("gzip")).body.equals(zipped.body)).toBe(true);
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe("<p>render 1</p><script>1</script>");
    expect(app.renders()).toBe(1);
  });

  it("answers a stored page before the app runs: the stored headers, the hashed policy, its own request id, no cookie", async () => {
    const app = await start({ early: true });
    const first = await app.get("/temprano");
    expect(app.appRuns()).toBe(1);
    const hits = [await app.get("/temprano"), await app.get("/temprano", { headers: { "accept-encoding": "identity" } })];
    expect(app.appRuns()).toBe(1);
    expect(app.renders()).toBe(1);
    for (const hit of hits) {
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(hit.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(hit.headers.get("cache-control")).toBe("public, s-maxage=10");
      expect(hit.headers.get("content-security-policy")).toBe(HASHED_POLICY);
      expect(hit.headers.get("x-request-id")).toMatch(/^respuesta-\d$/);
      expect(hit.headers.getSetCookie()).toEqual([]);
      expect(await hit.text()).toBe("<p>render 1</p><script>1</script>");
    }
    expect(hits[0]!.headers.get("x-request-id")).not.toBe(hits[1]!.headers.get("x-request-id"));
    expect(nonceOf(first)).toBeDefined();
    expect(hits[0]!.headers.get("content-encoding")).toBe("gzip");
    expect(hits[1]!.headers.get("content-encoding")).toBeNull();
    // A session, a POST or another page goes to the app.
    await app.get("/temprano", { headers: { cookie: "__Host-bait_session=abc" } });
    await app.get("/temprano", { method: "POST" });
    await app.get("/otra");
    expect(app.appRuns()).toBe(4);
  });

  it("keeps answering a page after visitors who waited for its render left before it came", async () => {
    const app = await start({ cacheControl: () => "private, no-store" });
    // Ten visitors at once: one renders, nine wait for it and leave before its answer.
    const first = app.get("/privada-lenta");
    const leaving = Array.from({ length: 9 }, () => {
      const controller = new AbortController();
      const request = app.get("/privada-lenta", { signal: controller.signal }).catch(() => undefined);
      setTimeout(() => controller.abort(), 5);
      return request;
    });
    await Promise.all([first, ...leaving]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = await Promise.race([app.get("/privada-lenta"), new Promise<"sin respuesta">((resolve) => setTimeout(() => resolve("sin respuesta"), 2000))]);
    expect(later).not.toBe("sin respuesta");
    expect((later as Response).status).toBe(200);
  });

  it("does not make a crowd wait for each other on a page it found private", async () => {
    const app = await start({ cacheControl: () => "private, no-store", renderMs: 200 });
    await app.get("/privada");
    await Promise.all(Array.from({ length: 5 }, () => app.get("/privada")));
    // The five render at the same time, not one first and the rest after it.
    expect(app.mostAtOnce()).toBe(5);
    expect(app.renders()).toBe(6);
  });

  it("never serves one visitor's cookie to another: the page's own cookies keep it out, the visitor id is each one's", async () => {
    const app = await start({ setCookie: (req) => (req.path === "/flash" ? "bait_flash=1" : undefined) });
    await app.get("/flash");
    const again = await app.get("/flash");
    expect(app.renders()).toBe(2);
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith("bait_flash"))).toBe(true);

    const first = await app.get("/");
    const hit = await app.get("/");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    const visitor = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("bait_vid"));
    expect(visitor(hit)).toBeDefined();
    expect(visitor(hit)).not.toBe(visitor(first));
    expect(hit.headers.getSetCookie()).toHaveLength(1);
  });

  it("does not keep what the route marked private, nor answer a POST or a visitor with a session", async () => {
    const app = await start({ cacheControl: (req) => (req.path === "/privada" ? "private, no-store" : "public, s-maxage=10") });
    await app.get("/privada");
    await app.get("/privada");
    expect(app.renders()).toBe(2);
    await app.get("/");
    await app.get("/", { method: "POST" });
    await app.get("/", { headers: { cookie: "__Host-bait_session=abc" } });
    expect(app.renders()).toBe(5);
  });

  it("renders once for a crowd arriving together: the render carries its nonce, the others the page's hash", async () => {
    const app = await start();
    const crowd = await Promise.all(Array.from({ length: 20 }, () => app.get("/crowd")));
    expect(app.renders()).toBe(1);
    const [rendered, waited] = [crowd.filter((response) => nonceOf(response)), crowd.filter((response) => !nonceOf(response))];
    expect(rendered).toHaveLength(1);
    expect(await rendered[0]!.text()).toContain(`<script nonce="${nonceOf(rendered[0]!)}">1</script>`);
    for (const response of waited) {
      expect(response.headers.get("content-security-policy")).toBe(HASHED_POLICY);
      expect(await response.text()).toBe("<p>render 1</p><script>1</script>");
    }
  });

  it("lets a crowd waiting on a private answer render each its own", async () => {
    const app = await start({ cacheControl: () => "private, no-store" });
    await Promise.all(Array.from({ length: 5 }, () => app.get("/privada")));
    expect(app.renders()).toBe(5);
  });

  it("renders again when the variant changes (a config edit, another flag outcome)", async () => {
    let version = 1;
    const app = await start({ variant: () => String(version) });
    await app.get("/");
    await app.get("/");
    version = 2;
    const edited = await app.get("/");
    expect(await edited.text()).toContain("render 2");
    expect(app.renders()).toBe(2);
  });
});

describe("the page cache and scheduled content", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("reads a shorter s-maxage as the lifetime of what it stores", async () => {
    const { lifetimeOf } = await import("./page-cache");
    expect(lifetimeOf("public, max-age=0, s-maxage=10, stale-while-revalidate=60", 10_000)).toBe(10_000);
    expect(lifetimeOf("public, max-age=0, s-maxage=3", 10_000)).toBe(3_000);
    expect(lifetimeOf("public, max-age=0, s-maxage=0", 10_000)).toBe(0);
    expect(lifetimeOf("public, max-age=30", 10_000)).toBe(10_000);
  });

  it("never answers a page from memory past the s-maxage the route gave it (the next boundary of its schedule)", async () => {
    let clock = 0;
    let renders = 0;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      next();
    });
    app.use(pageCache({ variantOf: () => "1", isBot: () => false, ttlMs: 600_000, now: () => clock }));
    app.get("/", (_req, res) => {
      renders += 1;
      // A banner starts at 5 s: until then the page may be kept 4 s; after, as long as the cache likes.
      res.setHeader("Cache-Control", clock < 5_000 ? "public, max-age=0, s-maxage=4" : "public, max-age=0, s-maxage=10");
      res.type("html").end(clock < 5_000 ? "<p>sin banner</p>" : "<p>con banner</p>");
    });
    app.get("/ahora", (_req, res) => {
      renders += 1;
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=0");
      res.type("html").end("<p>cambia ya</p>");
    });
    const listening = createServer(app);
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, resolve));
    const get = (path: string) => fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}${path}`);

    expect(await (await get("/")).text()).toBe("<p>sin banner</p>");
    clock = 4_000;
    const hit = await get("/");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    clock = 5_000;
    expect(await (await get("/")).text()).toBe("<p>con banner</p>");
    expect(renders).toBe(2);

    await get("/ahora");
    await get("/ahora");
    expect(renders).toBe(4);
  });
});
