// The express app in front of the Remix build (server/index.ts starts it): the request log,
// compression, static files, health checks, security headers with a CSP nonce per response, the
// CSRF check, the visitor id, the request-body guards, the page cache, then Remix.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express, { type Express, type Request, type Response } from "express";
import { isbot } from "isbot";
import pino from "pino";
import { trace } from "@opentelemetry/api";
import { traceFields } from "../app/lib/trace.server";
import type { trustProxyRule } from "../app/lib/boot-rules.mjs";
import { coalescedFlush, compressResponses, precompressedFiles } from "./compression";
import { acceptFormBodiesOnly, applySecurity, assignVisitorId, newNonce, readVisitorId, rejectCrossSiteWrites, refuseCardFields, type RefusalTexts } from "./http-guards";
import { answeredAs, metricsRoute, observeAnswer, routeLabeller } from "./metrics";
import { pageCache, type PageCache } from "./page-cache";
import { previewOriginGuard, type PreviewOriginTexts } from "./preview-origin";

/** What the server reads from the build's entry module besides Remix's own (app/entry.server.tsx). */
export type SiteEntry = {
  healthReport(): Promise<{ ready: boolean; upstream: unknown; configVersion: unknown }>;
  configStatusResponse(request: Request | globalThis.Request, nonce: string): globalThis.Response | null;
  pageCacheVariant?: (cookie: string, visitor: { ip: string; visitorId: string }) => string | null;
  /** How many charges this process has under way (a deploy's drain waits for them). */
  chargesUnderWay?: () => number;
};
export type SiteBuild = ServerBuild & { entry: { module: ServerBuild["entry"]["module"] & SiteEntry } };

/** The mock world's routes (mocks/routes.ts), mounted with mocks on only. */
export type MockRoutes = { mountMockRoutes(app: Express, site: SiteBuild["entry"]["module"]): void };


export type AppOptions = {
  /** The repository's root: public/ and locales/ are read from it. */
  root: string;
  /** The build as it is now (in development each rebuild replaces it). */
  build: () => SiteBuild;
  isProduction: boolean;
  isDevelopment: boolean;
  /** The client's address under the TRUST_PROXY rule (app/lib/boot-rules.mjs clientAddress). */
  clientIpOf: (req: IncomingMessage) => string;
  trustProxy: ReturnType<typeof trustProxyRule>;
  mockRoutes: MockRoutes | null;
  /** Anonymous pages from memory: PAGE_CACHE and its TTL (server/index.ts reads them). */
  pageCacheOn: boolean;
  pageCacheTtlMs: number;
  /** PREVIEW_ORIGIN: previews are served there only (server/preview-origin.ts); unset, on the site's origin. */
  previewOrigin?: string;
  /** METRICS_TOKEN: `GET /metrics` with it as a Bearer token (server/metrics.ts); unset, the site's 404. */
  metricsToken?: string;
};

// One JSON line per request (docs/operations.md "Observability"); LOG_LEVEL=debug adds the static files.
// With tracing on, each line carries its request's trace id (docs/operations.md "Traces").
const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, mixin: traceFields });
// What each request did upstream, recorded by the app (app/lib/request-context.server.ts).
type RequestContext = { upstream: unknown[]; cookie: string };
const requestContext = new AsyncLocalStorage<RequestContext>();
(globalThis as Record<symbol, unknown>)[Symbol.for("bait.request-context")] = requestContext;

// The request log: an id per request (a sane incoming X-Request-Id is kept, so a proxy's id
// follows the request), sent back as X-Request-Id; one line when the answer is out, with the
// path (never the query: it may carry a phone or an e-mail; long digit runs masked), the status,
// the duration and every upstream call by name with its duration and outcome.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;
const maskDigits = (text: string) => text.replace(/\d{7,}/g, (digits) => `${"•".repeat(digits.length - 4)}${digits.slice(-4)}`);
const requestIdOf = (req: IncomingMessage) => {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};
/** The request's route label for the metrics (server/metrics.ts), by the app that answers it. */
type RouteOf = (pathname: string) => string;
const routeLabels = new WeakMap<Express, RouteOf>();

/** The request's one line, written when its answer is out, and its observation in the metrics. */
function logWhenDone(req: IncomingMessage & { path?: string }, res: ServerResponse & { locals?: Record<string, unknown> }, id: string, context: RequestContext, routeOf: RouteOf, started = process.hrtime.bigint()) {
  // The request's span (tracing on) is named by its route, never its path.
  const span = trace.getActiveSpan();
  if (span) {
    const route = routeOf((req.url ?? "/").split("?")[0] ?? "/");
    span.setAttribute("http.route", route);
    span.updateName(`${req.method} ${route}`);
  }
  res.once("finish", () => {
    const pathname = req.path ?? (req.url ?? "/").split("?")[0] ?? "/";
    observeAnswer(req.method ?? "GET", (res.locals?.route as string | undefined) ?? routeOf(pathname), res.statusCode, started);
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

/** The express app and the page cache it uses (null when off). */
export function createApp(options: AppOptions): { app: Express; cache: PageCache | null } {
  const { root, build, isProduction, isDevelopment, clientIpOf, trustProxy, mockRoutes } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  const routeOf = routeLabeller(() => build().routes);
  routeLabels.set(app, routeOf);

  // Previews on an origin of their own (server/preview-origin.ts): the cookies each origin reads first.
  const previewTexts = (JSON.parse(readFileSync(path.join(root, "locales/es-MX/http.json"), "utf8")) as { previewOrigin: PreviewOriginTexts }).previewOrigin;
  const previewOrigin = previewOriginGuard({ previewOrigin: options.previewOrigin, texts: previewTexts });
  app.use(previewOrigin.cookies);

  app.use((req, res, next) => {
    const id = requestIdOf(req);
    res.setHeader("X-Request-Id", id);
    // The cookie lets the app pick the config a preview shows (app/lib/config/draft.server.ts).
    const context: RequestContext = { upstream: [], cookie: req.headers.cookie ?? "" };
    logWhenDone(req, res, id, context, routeOf);
    requestContext.run(context, next);
  });
  // Rendered answers at a light zlib level, files at the default one (server/compression.ts).
  app.use(compressResponses());
  // One deflate flush per burst of a streamed page, not one per chunk (server/compression.ts).
  app.use(coalescedFlush);

  // Fingerprinted assets are immutable; everything else in public/ may change with a deploy. The
  // build's scripts and stylesheets go out as compressed once, at build time (server/compression.ts).
  const buildFiles = path.join(root, "public/build");
  const immutable = { immutable: true, maxAge: "1y" };
  app.use("/build", answeredAs("static", precompressedFiles(buildFiles, immutable)), answeredAs("static", express.static(buildFiles, immutable)));
  // Every file of public/ has an extension; pages never do, and need no file-system lookup.
  const publicFiles = answeredAs("static", express.static(path.join(root, "public"), { maxAge: "1h" }));
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  // Liveness (this process answers) and readiness (it can serve: a valid config, Redis when configured).
  const healthReport = () => build().entry.module.healthReport();
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

  // The metrics on the site's port only for METRICS_TOKEN's bearer (server/metrics.ts); for
  // anyone else the site's 404 page, as for any address it does not have.
  app.get("/metrics", metricsRoute(options.metricsToken));

  // A CSP nonce per response (pages answered from the page cache carry hashes instead).
  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    next();
  });
  app.use(applySecurity({ isProduction }));
  app.use(rejectCrossSiteWrites());
  app.use(previewOrigin.routes);
  app.use(assignVisitorId({ isProduction, newId: randomUUID }));

  // The mock world's routes (mocks/routes.ts); they do not exist when mocks are off: whatever the
  // method, /__mocks/* is then the site's own 404 page.
  if (mockRoutes) mockRoutes.mountMockRoutes(app, build().entry.module);
  else {
    app.all("/__mocks/*", (req, _res, next) => {
      if (req.method !== "HEAD") req.method = "GET";
      next();
    });
  }

  // The config status page for operators (docs/config.md "Status page"), beside the health checks
  // rather than a route of the app, so no visitor's browser carries it. No CONFIG_STATUS_TOKEN: the
  // site's own 404 page.
  app.get("/estado-config", (req, res, next) => {
    const request = new Request(new URL(req.originalUrl, "http://localhost"), { headers: { authorization: req.headers.authorization ?? "" } });
    const response = build().entry.module.configStatusResponse(request, res.locals.cspNonce);
    if (!response) return next();
    res.status(response.status);
    response.headers.forEach((value, name) => res.setHeader(name, value));
    response.text().then((body) => res.send(body), next);
  });

  // Pages take form posts only (server/http-guards.ts): other bodies get 415, 411 or 413 in Spanish.
  // Their texts are the server's alone (locales/es-MX/http.json): no page of the app ships them.
  const httpTexts = JSON.parse(readFileSync(path.join(root, "locales/es-MX/http.json"), "utf8")) as { requestRefused: RefusalTexts };
  const noteRefusal = ({ reason }: { reason: string }, res: Response) => (res.locals.refused = reason);
  app.use(acceptFormBodiesOnly({ texts: httpTexts.requestRefused, log: noteRefusal }));
  // No page takes card data (docs/payment.md "Card data"): a field named like a card's gets 422, unlogged.
  app.use(refuseCardFields({ texts: httpTexts.requestRefused, except: mockRoutes ? "/__mocks/" : null, log: noteRefusal }));

  // Anonymous pages from memory (server/page-cache.ts).
  const pageCacheVariant = build().entry.module.pageCacheVariant;
  const visitorCookie = /(?:^|;\s*)bait_vid=([^;]*)/;
  const cache =
    options.pageCacheOn && pageCacheVariant
      ? pageCache({
          variantOf: (req, res) =>
            pageCacheVariant(req.headers.cookie ?? "", {
              ip: clientIpOf(req),
              visitorId: (res?.locals.visitorId as string | undefined) ?? visitorCookie.exec(req.headers.cookie ?? "")?.[1] ?? "",
            }),
          isBot: (req) => isbot(req.headers["user-agent"] ?? ""),
          ttlMs: options.pageCacheTtlMs,
        })
      : null;
  if (cache) app.use(cache);

  app.all(
    "*",
    createRequestHandler({
      build: isDevelopment ? async () => build() : build(),
      mode: build().mode,
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce,
        // Read when a percentage rollout hashes it: only then does a newcomer get its cookie (server/http-guards.ts).
        get visitorId() {
          return readVisitorId(res);
        },
        clientIp: clientIpOf(req),
      }),
    }),
  );
  return { app, cache };
}

/**
 * The HTTP server: a stored page is answered before express runs (server/page-cache.ts
 * answerEarly: the stored headers and bytes, this answer's request id); everything else goes to
 * express.
 */
export function createSiteServer(app: Express, cache: PageCache | null): Server {
  return createServer((req, res) => {
    // Pages never have an extension: the files of public/ (most requests) go straight to express.
    if (cache && (req.method === "GET" || req.method === "HEAD") && !/\.[a-z0-9]+$/i.test((req.url ?? "").split("?")[0] ?? "")) {
      const started = process.hrtime.bigint();
      let id = "";
      const answered = cache.answerEarly(req, res, () => (id = requestIdOf(req)));
      if (answered) return logWhenDone(req, res, id, { upstream: [], cookie: "" }, routeLabels.get(app) ?? (() => "unmatched"), started);
    }
    app(req, res);
  });
}

export { log };
