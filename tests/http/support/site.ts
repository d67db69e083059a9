import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as cheerio from "cheerio";
import { afterAll, beforeAll, vi } from "vitest";
import type { MockRoutes } from "../../../server/app";
import { SESSION_SECRET } from "../../e2e/support/env";
import { SESSION_COOKIE, sessionCookieValue, type Customer } from "../../e2e/support/session";

/**
 * The site as the browser meets it without JavaScript, in this test file's process: the real build
 * (`build/index.js`, what `npm run build` made) served by the real express app (server/app.ts
 * `createApp`, as server/index.ts composes it in production with mocks on), against the mock world
 * (mocks/, msw patched into this process's fetch before the build loads). Every test file gets a
 * world of its own: vitest gives each file its own modules.
 *
 *   const site = useSite();                         // in a describe's or file's scope
 *   const visitor = site.visitor();                 // a cookie jar: one browser without JavaScript
 *   const page = await visitor.get("/login");        // status, headers, the parsed document ($)
 *   const answer = await visitor.post("/login", { numero: "5512345678", password: "…" });
 *
 * docs/testing.md "The levels" says what belongs here and what needs a browser.
 */

const ROOT = path.resolve(__dirname, "../../..");
const BUILD = path.join(ROOT, "build/index.js");

/** What a test sets beside the suite's production settings (the end-to-end server's, playwright.config.ts). */
export type SiteSettings = Record<string, string | undefined>;

/** The settings of the suite's server (playwright.config.ts webServer): production, mocks on, the send limits open. */
const SUITE_SETTINGS: SiteSettings = {
  NODE_ENV: "production",
  MOCKS: "true",
  SESSION_SECRET,
  HSTS: "false",
  OTP_RESEND_SECONDS: "0",
  OTP_SENDS_PER_NUMBER: "10000",
  OTP_SENDS_PER_IP: "10000",
  LOG_LEVEL: "silent",
};

export type Answer = {
  status: number;
  headers: Headers;
  /** The Location of a redirect, as the path it names on this site (or the absolute address elsewhere). */
  location: string | null;
  body: string;
  /** The document parsed by a real HTML parser (parse5, through cheerio). */
  $: cheerio.CheerioAPI;
};

export type Visitor = {
  /** GET, without following a redirect. */
  get(pathname: string, headers?: Record<string, string>): Promise<Answer>;
  /** A form posted as a browser posts it without JavaScript (urlencoded, same origin), without following a redirect. */
  post(pathname: string, form: Record<string, string> | URLSearchParams, headers?: Record<string, string>): Promise<Answer>;
  /** GET or POST and follow the redirects as a browser would (a 303 or a POST's 302 becomes a GET). */
  follow(pathname: string, form?: Record<string, string> | URLSearchParams): Promise<Answer & { url: string }>;
  /** The value of one of this visitor's cookies. */
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string): void;
  /** Signs `user` in without the form (POST /__mocks/session, as the browser suite's loginAs). */
  signIn(user: Customer): Promise<void>;
};

export type Site = {
  readonly base: string;
  visitor(headers?: Record<string, string>): Visitor;
  /** Fetch on the site with no cookie jar (the whole address is built from the path). */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
};

async function toAnswer(response: Response, base: string): Promise<Answer> {
  const body = await response.text();
  const raw = response.headers.get("location");
  let location: string | null = null;
  if (raw !== null) {
    const url = new URL(raw, base);
    location = url.origin === new URL(base).origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  }
  return { status: response.status, headers: response.headers, location, body, $: cheerio.load(body) };
}

function cookieJar(base: string, extra: Record<string, string>): Visitor {
  const jar = new Map<string, string>();
  const origin = new URL(base).origin;
  const send = async (method: string, pathname: string, form?: Record<string, string> | URLSearchParams) => {
    const headers: Record<string, string> = { ...extra };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    let body: string | undefined;
    if (form !== undefined) {
      body = (form instanceof URLSearchParams ? form : new URLSearchParams(form)).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = origin;
      headers["sec-fetch-site"] = "same-origin";
    }
    const response = await fetch(new URL(pathname, base), { method, headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      // An expired cookie (Max-Age=0 or a past Expires) is the server deleting it.
      if (/max-age=0\b/i.test(line) || value === "" || /expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return {
    async get(pathname, headers = {}) {
      Object.assign(extra, headers);
      try {
        return await toAnswer(await send("GET", pathname), base);
      } finally {
        for (const name of Object.keys(headers)) delete extra[name];
      }
    },
    async post(pathname, form, headers = {}) {
      Object.assign(extra, headers);
      try {
        return await toAnswer(await send("POST", pathname, form), base);
      } finally {
        for (const name of Object.keys(headers)) delete extra[name];
      }
    },
    async follow(pathname, form) {
      let response = await send(form ? "POST" : "GET", pathname, form);
      let url = new URL(pathname, base).href;
      for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400 && response.headers.get("location"); hops += 1) {
        url = new URL(response.headers.get("location")!, url).href;
        if (new URL(url).origin !== origin) break;
        const next = new URL(url);
        response = await send("GET", `${next.pathname}${next.search}`);
      }
      const answer = await toAnswer(response, base);
      const at = new URL(url);
      return { ...answer, url: at.origin === origin ? `${at.pathname}${at.search}` : at.href };
    },
    cookie: (name) => jar.get(name),
    setCookie: (name, value) => void jar.set(name, value),
    async signIn(user) {
      jar.set(SESSION_COOKIE, await sessionCookieValue(base, user));
    },
  };
}

/**
 * Starts the site for the file (or the describe) it is called in, with the suite's settings and
 * `settings` over them; stops it after. The build must exist: `npm test` builds before the unit
 * tests; alone, `npm run build` first.
 */
export function useSite(settings: SiteSettings = {}): Site {
  let server: Server | undefined;
  let base = "";

  // Loading the build is most of a file's start: on a busy two-core machine it took up to 40 s.
  beforeAll(async () => {
    if (!existsSync(BUILD)) throw new Error("No build at build/index.js: run `npm run build` first (npm test builds before the unit tests).");
    for (const [name, value] of Object.entries({ ...SUITE_SETTINGS, ...settings })) vi.stubEnv(name, value);
    const { installGlobals } = await import("@remix-run/node");
    installGlobals({ nativeFetch: true });
    const { startMockUpstream } = await import("../../../mocks/node");
    startMockUpstream();
    // As server/index.ts mounts them.
    const mockRoutes = (await import("../../../mocks/routes")) as unknown as MockRoutes;
    const { clientAddress, trustProxyRule } = await import("../../../app/lib/boot-rules.mjs");
    const { createApp, createSiteServer } = await import("../../../server/app");
    // Node loads the build itself, as in production (vitest.config.ts externalizes it: through
    // vitest's transform, its 2 MB would take longer than the tests).
    const build = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as Parameters<typeof createApp>[0]["build"] extends () => infer B ? B : never;
    const trustProxy = trustProxyRule(process.env.TRUST_PROXY);
    const { app, cache } = createApp({
      root: ROOT,
      build: () => build,
      isProduction: true,
      isDevelopment: false,
      clientIpOf: (req) => clientAddress(req.socket.remoteAddress ?? "", req.headers["x-forwarded-for"], trustProxy),
      trustProxy,
      mockRoutes,
      pageCacheOn: process.env.PAGE_CACHE !== "false",
      pageCacheTtlMs: Number(process.env.PAGE_CACHE_TTL_MS ?? 10_000),
      previewOrigin: process.env.PREVIEW_ORIGIN || undefined,
      metricsToken: process.env.METRICS_TOKEN || undefined,
    });
    server = createSiteServer(app, cache);
    await new Promise<void>((resolve) => server!.listen(0, resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    vi.unstubAllEnvs();
  });

  return {
    get base() {
      return base;
    },
    visitor: (headers = {}) => cookieJar(base, { ...headers }),
    fetch: (pathname, init) => fetch(new URL(pathname, base), { redirect: "manual", ...init }),
  };
}
