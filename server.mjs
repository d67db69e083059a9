// The production server: express in front of the Remix build.
// Mocks are patched into fetch *before* the build is imported, so every upstream client sees them.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { isbot } from "isbot";
import pino from "pino";

installGlobals({ nativeFetch: true });

// One JSON line per request (README "Observability"); LOG_LEVEL=debug adds the static files.
const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
// What each request did upstream, recorded by the app (app/lib/request-context.server.ts).
const requestContext = new AsyncLocalStorage();
globalThis[Symbol.for("bait.request-context")] = requestContext;

const root = path.dirname(fileURLToPath(import.meta.url));
const isProduction = process.env.NODE_ENV === "production";
const useMocks = process.env.MOCKS ? process.env.MOCKS === "true" : !process.env.UPSTREAM_BASE_URL;
process.env.MOCKS = String(useMocks);

const port = Number(process.env.PORT ?? 3000);

// V8 lets the heap grow to up to four times what is live before its next full collection: under
// load, pages that render for every request (/login, the customer's /home) kept 450–550 MB
// resident, most of it garbage awaiting collection. Growing by half of what is live keeps a worker
// under 300 MB, for about 5 % more CPU (docs/performance.md). 0 leaves V8's own heuristics.
const heapGrowthPercent = Number(process.env.HEAP_GROWTH_PERCENT ?? 50);
if (heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(heapGrowthPercent)}`);

let mockControl = null;
let mockSso = null;
if (useMocks) {
  // The mock postpaid page lives on another origin than the site (127.0.0.1, not localhost), as
  // the real portal does, so the frame's message origin check means something.
  const mockPostpaidOrigin = `http://127.0.0.1:${port}`;
  process.env.POSTPAID_SITE_URL ??= `${mockPostpaidOrigin}/__mocks/pospago`;
  process.env.FRAME_SOURCES = `${process.env.FRAME_SOURCES ?? "https://planes.bait.mx"} ${mockPostpaidOrigin}`;
  const { register } = await import("tsx/esm/api");
  register();
  const { startMockUpstream } = await import("./mocks/node.ts");
  startMockUpstream();
  mockControl = await import("./mocks/control.ts");
  mockSso = await import("./mocks/sso-server.ts");
  log.info({ upstream: "mock" }, "mock world (MOCKS=true): demo data, nothing leaves this machine");
} else {
  log.info({ upstream: "real" }, `real services at ${process.env.UPSTREAM_BASE_URL ?? "the UPSTREAM_*_URL addresses"}`);
}

const build = await import("./build/index.js");
const { applySecurity, rejectCrossSiteWrites, assignVisitorId, acceptFormBodiesOnly } = await import("./scripts/http-guards.mjs");
const { pageCache } = await import("./scripts/page-cache.mjs");
const { coalescedFlush } = await import("./scripts/coalesced-flush.mjs");

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "true");

// The request log: an id per request (a sane incoming X-Request-Id is kept, so a proxy's id
// follows the request), sent back as X-Request-Id; one line when the answer is out, with the
// path (never the query: it may carry a phone or an e-mail; long digit runs masked), the status,
// the duration and every upstream call by name with its duration and outcome.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;
const maskDigits = (text) => text.replace(/\d{7,}/g, (digits) => `${"•".repeat(digits.length - 4)}${digits.slice(-4)}`);
const requestIdOf = (req) => {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};
/** The request's one line, written when its answer is out. */
function logWhenDone(req, res, id, context, started = process.hrtime.bigint()) {
  res.once("finish", () => {
    const pathname = req.path ?? (req.url ?? "/").split("?")[0];
    const line = {
      reqId: id,
      method: req.method,
      route: maskDigits(pathname),
      status: res.statusCode,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      ...(context.upstream.length ? { upstream: context.upstream } : {}),
      ...(res.locals?.refused ? { refused: res.locals.refused } : {}),
    };
    const quiet = pathname.startsWith("/build/") || (req.method === "GET" && /\.[a-z0-9]+$/i.test(pathname)) || pathname === "/healthz" || pathname === "/readyz";
    if (res.statusCode >= 500) log.error(line, "request");
    else if (quiet) log.debug(line, "request");
    else log.info(line, "request");
  });
}
app.use((req, res, next) => {
  const id = requestIdOf(req);
  res.setHeader("X-Request-Id", id);
  const context = { upstream: [] };
  logWhenDone(req, res, id, context);
  requestContext.run(context, next);
});
app.use(compression());
// One deflate flush per burst of a streamed page, not one per chunk (scripts/coalesced-flush.mjs).
app.use(coalescedFlush);

// Fingerprinted assets are immutable; everything else in public/ may change with a deploy.
app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
// Every file of public/ has an extension; pages never do, and need no file-system lookup.
const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

// Liveness (this process answers) and readiness (it can serve: a valid config, Redis when configured).
const healthReport = build.entry.module.healthReport;
app.get("/healthz", async (_req, res) => {
  const { upstream, configVersion } = await healthReport();
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok", upstream, configVersion });
});
app.get("/readyz", async (_req, res) => {
  const report = await healthReport();
  res.setHeader("Cache-Control", "no-store");
  res.status(report.ready ? 200 : 503).json(report);
});

// A CSP nonce per response: 128 bits of the system's CSPRNG, drawn 16 KB at a time (one draw per
// 1,024 answers instead of one each: a cached page's answer is otherwise a few microseconds).
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function newNonce() {
  if (nonceAt >= noncePool.length) {
    noncePool = randomBytes(16 * 1024);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString("base64", nonceAt - 16, nonceAt);
}
app.use((req, res, next) => {
  res.locals.cspNonce = newNonce();
  next();
});
app.use(applySecurity({ isProduction }));
app.use(rejectCrossSiteWrites());
app.use(assignVisitorId({ isProduction, newId: randomUUID }));

// Test hooks of the mock world; they do not exist when a real upstream is configured.
if (mockControl) {
  app.post("/__mocks/reset", (_req, res) => {
    mockControl.reset();
    res.status(204).end();
  });
  app.post("/__mocks/switches", express.json(), (req, res) => {
    mockControl.setSwitches(req.body ?? {});
    res.status(204).end();
  });
  app.post("/__mocks/reset-lines", express.json(), (req, res) => {
    mockControl.resetSomeLines(req.body?.numbers);
    res.status(204).end();
  });
  app.get("/__mocks/leads", (_req, res) => res.json(mockControl.receivedLeads()));
  app.get("/__mocks/charges", (_req, res) => res.json(mockControl.receivedCharges()));
  app.post("/__mocks/session", express.json(), (req, res) => {
    const access = mockControl.mintSession(req.body?.number);
    if (!access) return res.status(400).json({ error: "number must be 10 digits" });
    if (!req.body?.user) return res.json({ access });
    // With a user, also the site's session record a login would create, and its cookie's value.
    build.entry.module.openMockSession(req.body.user, access, req.body.minutesAgo).then(
      (cookie) => (cookie ? res.json({ access, cookie }) : res.status(400).json({ error: "user is not a session user" })),
      (error) => res.status(500).json({ error: String(error) }),
    );
  });
  // The marketing platforms' stand-ins and the collector of what they would receive.
  (await import("./mocks/analytics.ts")).mountAnalytics(app, express.json({ limit: "10kb" }));
  // The single-sign-on server's pages (login, account pages), so the SSO round trip runs locally.
  app.get("/__mocks/sso/styles.css", (_req, res) => res.type("text/css").send(mockSso.styles));
  app.all("/__mocks/sso/*", express.urlencoded({ extended: false, limit: "10kb" }), (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const form = new URLSearchParams(typeof req.body === "object" && req.body ? req.body : {});
    const answer = mockSso.ssoServerPage(req.method, url.pathname.slice("/__mocks/sso".length), url.searchParams, form);
    if (answer.location) return res.redirect(answer.status, answer.location);
    res.status(answer.status).type("html").send(answer.html ?? "");
  });
  // The payment providers' pages on this origin (mocks/provider-pages.ts): the hosted card fields
  // of provider type 2 (framed by the checkout) with their tokens endpoint, and PayPal's approval
  // page of type 3. Card pages are never cached.
  const mockProvider = await import("./mocks/provider-pages.ts");
  const noStore = (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  };
  app.get("/__mocks/proveedor/estilos.css", (_req, res) => res.type("text/css").send(mockProvider.providerStyles));
  app.all("/__mocks/proveedor/campos", noStore, (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const page = mockProvider.hostedCardFieldsPage(req.method, res.locals.cspNonce, url.searchParams);
    res.status(page.status).type("html").send(page.html ?? "");
  });
  // The raw text, not express.json: a malformed body would be logged by express's error handler, card number included.
  app.post("/__mocks/proveedor/tokens", noStore, express.text({ type: () => true, limit: "4kb" }), (req, res) => {
    const answer = mockProvider.issueCardToken(typeof req.body === "string" ? req.body : "");
    res.status(answer.status).json(answer.body);
  });
  // The postpaid portal's page, framed by /{product}-pospago: its own headers, since the site's
  // forbid being framed by another origin.
  const mockPostpaid = await import("./mocks/postpaid-page.ts");
  app.get(["/__mocks/pospago", "/__mocks/pospago/*"], (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const page = mockPostpaid.postpaidPage(res.locals.cspNonce, url.pathname.slice("/__mocks/pospago".length) || "/", url.searchParams);
    res.removeHeader("X-Frame-Options");
    res.setHeader("Content-Security-Policy", `default-src 'none'; script-src 'nonce-${res.locals.cspNonce}'; style-src 'nonce-${res.locals.cspNonce}'; frame-ancestors *`);
    res.status(page.status).type("html").send(page.html);
  });
  app.all("/__mocks/paypal/aprobar", noStore, express.urlencoded({ extended: false, limit: "10kb" }), (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const form = new URLSearchParams(typeof req.body === "object" && req.body ? req.body : {});
    const answer = mockProvider.paypalApprovalPage(req.method, url.searchParams, form);
    if (answer.location) return res.redirect(answer.status, answer.location);
    res.status(answer.status).type("html").send(answer.html ?? "");
  });
}

// Pages take form posts only (scripts/http-guards.mjs): other bodies get 415, 411 or 413 in Spanish.
// Their texts are the server's alone (locales/es-MX/http.json): no page of the app ships them.
const httpTexts = JSON.parse(readFileSync(path.join(root, "locales/es-MX/http.json"), "utf8"));
app.use(acceptFormBodiesOnly({ texts: httpTexts.requestRefused, log: ({ reason }, res) => (res.locals.refused = reason) }));

// Anonymous pages from memory (scripts/page-cache.mjs); PAGE_CACHE=false turns it off.
const pageCacheVariant = build.entry.module.pageCacheVariant;
const visitorCookie = /(?:^|;\s*)bait_vid=([^;]*)/;
const cache =
  process.env.PAGE_CACHE !== "false" && pageCacheVariant
    ? pageCache({
        variantOf: (req, res) =>
          pageCacheVariant(req.headers.cookie ?? "", {
            ip: req.ip ?? req.socket.remoteAddress ?? "",
            visitorId: res?.locals.visitorId ?? visitorCookie.exec(req.headers.cookie ?? "")?.[1] ?? "",
          }),
        isBot: (req) => isbot(req.headers["user-agent"] ?? ""),
        ttlMs: Number(process.env.PAGE_CACHE_TTL_MS ?? 10_000),
      })
    : null;
if (cache) app.use(cache);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      visitorId: res.locals.visitorId,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "",
    }),
  }),
);

// A stored page is answered before express runs (scripts/page-cache.mjs answerEarly): the stored
// headers, this answer's nonce and request id, the page gzipped once. Everything else goes to express.
const server = createServer((req, res) => {
  // Pages never have an extension: the files of public/ (most requests) go straight to express.
  if (cache && (req.method === "GET" || req.method === "HEAD") && !/\.[a-z0-9]+$/i.test((req.url ?? "").split("?")[0])) {
    const started = process.hrtime.bigint();
    let id = "";
    const answered = cache.answerEarly(req, res, () => {
      id = requestIdOf(req);
      return { nonce: newNonce(), requestId: id };
    });
    if (answered) return logWhenDone(req, res, id, { upstream: [] }, started);
  }
  app(req, res);
});
server.listen(port, () => {
  log.info({ port }, `Bait web listening on http://localhost:${port}`);
});

// A deploy or a scale-down sends SIGTERM: stop accepting, let the requests in flight finish
// (idle keep-alive connections are closed at once), then leave; stragglers get 10 s.
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
});
