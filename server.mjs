// The production server: express in front of the Remix build.
// Mocks are patched into fetch *before* the build is imported, so every upstream client sees them.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, statSync, watch } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
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
// `npm run dev` (remix dev --manual) runs this server with NODE_ENV=development.
const isDevelopment = process.env.NODE_ENV === "development";

// The start rules (app/lib/boot-rules.mjs, which env.server.ts applies too): a setting the server
// must not run with stops it here, before anything listens, with one line per variable and exit 1.
const { bootProblems, clientAddress, mocksOn, trustProxyRule } = await import("./app/lib/boot-rules.mjs");
/** Refuses to start: the lines on stderr, exit code 1, no stack trace. */
function refuseToStart(lines) {
  process.stderr.write(`${lines.join("\n")}\n`);
  process.exit(1);
}
/** Loads a module that reads the environment (app/lib/env.server.ts): a wrong value refuses the start. */
const loadOrRefuse = (loading) =>
  loading.catch((error) => {
    if (error?.name === "EnvError") refuseToStart(error.message.split("\n"));
    throw error;
  });
const problems = bootProblems(process.env);
if (problems.length > 0) refuseToStart(problems);
const useMocks = mocksOn(process.env);
process.env.MOCKS = String(useMocks);
// A number of hops or the proxies' addresses, never every proxy: the client is read from the right.
const trustProxy = trustProxyRule(process.env.TRUST_PROXY);
/** The client's address under that rule, for express's requests and the page cache's early path alike. */
const clientIpOf = (req) => clientAddress(req.socket.remoteAddress ?? "", req.headers["x-forwarded-for"], trustProxy);

const port = Number(process.env.PORT ?? 3000);

// V8 lets the heap grow to up to four times what is live before its next full collection: under
// load, pages that render for every request (/login, the customer's /home) kept 450–550 MB
// resident, most of it garbage awaiting collection. Growing by half of what is live keeps a worker
// under 300 MB, for about 5 % more CPU (docs/performance.md). 0 leaves V8's own heuristics.
const heapGrowthPercent = Number(process.env.HEAP_GROWTH_PERCENT ?? 50);
if (heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(heapGrowthPercent)}`);

let mockRoutes = null;
if (useMocks) {
  // The mock postpaid page lives on another origin than the site (127.0.0.1, not localhost), as
  // the real portal does, so the frame's message origin check means something.
  const mockPostpaidOrigin = `http://127.0.0.1:${port}`;
  process.env.POSTPAID_SITE_URL ??= `${mockPostpaidOrigin}/__mocks/pospago`;
  process.env.FRAME_SOURCES = `${process.env.FRAME_SOURCES ?? "https://planes.bait.mx"} ${mockPostpaidOrigin}`;
  const { register } = await import("tsx/esm/api");
  register();
  const { startMockUpstream } = await loadOrRefuse(import("./mocks/node.ts"));
  startMockUpstream();
  mockRoutes = await loadOrRefuse(import("./mocks/routes.ts"));
  const demo = "mock world (MOCKS=true): demo data, nothing leaves this machine";
  // In production this is the demo, not the site: said loudly, once, at start.
  if (isProduction) log.warn({ upstream: "mock" }, `DEMO: ${demo}; set UPSTREAM_BASE_URL or every UPSTREAM_<NAME>_URL and SESSION_SECRET to serve the real site (README "Production")`);
  else log.info({ upstream: "mock" }, demo);
} else {
  log.info({ upstream: "real" }, `real services at ${process.env.UPSTREAM_BASE_URL ?? "the UPSTREAM_*_URL addresses"}`);
}

// The app's own environment check (app/lib/env.server.ts) runs as the build loads: a wrong value
// stops the server the same way.
const buildPath = path.join(root, "build/index.js");
const importBuild = (version = "") => loadOrRefuse(import(`${pathToFileURL(buildPath).href}${version}`));
let build = await importBuild();
// In development every rebuild is loaded into this process and served from the next request on
// (Remix's manual mode: the dev server waits for broadcastDevReady with the new build's hash).
if (isDevelopment) {
  let settle;
  watch(path.dirname(buildPath), (_event, file) => {
    if (file !== "index.js") return;
    clearTimeout(settle);
    settle = setTimeout(async () => {
      build = await importBuild(`?t=${statSync(buildPath).mtimeMs}`);
      await broadcastDevReady(build);
      log.info("rebuilt: the next request gets the new build");
    }, 50);
  });
}
const { applySecurity, rejectCrossSiteWrites, assignVisitorId, acceptFormBodiesOnly, refuseCardFields } = await import("./scripts/http-guards.mjs");
const { pageCache } = await import("./scripts/page-cache.mjs");
const { coalescedFlush } = await import("./scripts/coalesced-flush.mjs");

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy);

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
  // The cookie lets the app pick the config a preview shows (app/lib/config/draft.server.ts).
  const context = { upstream: [], cookie: req.headers.cookie ?? "" };
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
const healthReport = () => build.entry.module.healthReport();
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

// The mock world's routes (mocks/routes.ts); they do not exist when mocks are off: whatever the
// method, /__mocks/* is then the site's own 404 page.
if (mockRoutes) mockRoutes.mountMockRoutes(app, build.entry.module);
else {
  app.all("/__mocks/*", (req, _res, next) => {
    if (req.method !== "HEAD") req.method = "GET";
    next();
  });
}

// The config status page for operators (docs/config.md "Status page"), beside the health checks
// rather than a route of the app, so no visitor's browser carries it. No CONFIG_STATUS_TOKEN: the
// site's own 404 page.
const configStatusResponse = build.entry.module.configStatusResponse;
app.get("/estado-config", (req, res, next) => {
  const request = new Request(new URL(req.originalUrl, "http://localhost"), { headers: { authorization: req.headers.authorization ?? "" } });
  const response = configStatusResponse(request, res.locals.cspNonce);
  if (!response) return next();
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  response.text().then((body) => res.send(body), next);
});

// Pages take form posts only (scripts/http-guards.mjs): other bodies get 415, 411 or 413 in Spanish.
// Their texts are the server's alone (locales/es-MX/http.json): no page of the app ships them.
const httpTexts = JSON.parse(readFileSync(path.join(root, "locales/es-MX/http.json"), "utf8"));
app.use(acceptFormBodiesOnly({ texts: httpTexts.requestRefused, log: ({ reason }, res) => (res.locals.refused = reason) }));
// No page takes card data (docs/payment.md "Card data"): a field named like a card's gets 422, unlogged.
app.use(refuseCardFields({ texts: httpTexts.requestRefused, except: mockRoutes ? "/__mocks/" : null, log: ({ reason }, res) => (res.locals.refused = reason) }));

// Anonymous pages from memory (scripts/page-cache.mjs); PAGE_CACHE=false turns it off, and so does
// development (a reload after an edit must show the edit), unless PAGE_CACHE=true.
const pageCacheVariant = build.entry.module.pageCacheVariant;
const visitorCookie = /(?:^|;\s*)bait_vid=([^;]*)/;
const cache =
  (isDevelopment ? process.env.PAGE_CACHE === "true" : process.env.PAGE_CACHE !== "false") && pageCacheVariant
    ? pageCache({
        variantOf: (req, res) =>
          pageCacheVariant(req.headers.cookie ?? "", {
            ip: clientIpOf(req),
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
    build: isDevelopment ? async () => build : build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      visitorId: res.locals.visitorId,
      clientIp: clientIpOf(req),
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
  if (isDevelopment) void broadcastDevReady(build);
});

// A deploy or a scale-down sends SIGTERM: stop accepting, let the requests in flight finish
// (idle keep-alive connections are closed at once), then leave; stragglers get 10 s.
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
});
