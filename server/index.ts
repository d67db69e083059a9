// The production server's entry, compiled by `npm run build` into build/server.js (scripts/build-server.mjs;
// `node build/server.js`, and `npm start` runs it through scripts/start.mjs; `npm run dev` runs this
// file through tsx): checks the start rules, wires the mock world when mocks are on, loads the
// Remix build and serves it with the express app of server/app.ts.
// Mocks are patched into fetch *before* the build is imported, so every upstream client sees them.
import cluster from "node:cluster";
import { statSync, watch } from "node:fs";
import { enableCompileCache } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import { bootProblems, clientAddress, mocksOn, previewOriginOf, studioAccountProblems, trustProxyRule } from "../app/lib/boot-rules.mjs";
import { createApp, createSiteServer, log, type MockRoutes, type SiteBuild } from "./app";
import { clusterMetrics, startMetricsServer } from "./metrics-endpoint.mjs";

// V8's compiled code of what this process loads from here on (the Remix build and its packages, the
// mock world) is kept on disk and reused by the next start: Node's compile cache, in the system's
// temporary folder (NODE_COMPILE_CACHE names another; NODE_DISABLE_COMPILE_CACHE=1 turns it off).
// A start takes a tenth less CPU with it (docs/performance.md "Starting"). A cache that cannot be
// written is skipped: the start goes on without it.
enableCompileCache();

installGlobals({ nativeFetch: true });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isProduction = process.env.NODE_ENV === "production";
// `npm run dev` (remix dev --manual) runs this server with NODE_ENV=development.
const isDevelopment = process.env.NODE_ENV === "development";

/** Refuses to start: the lines on stderr, exit code 1, no stack trace. */
function refuseToStart(lines: string[]): never {
  process.stderr.write(`${lines.join("\n")}\n`);
  process.exit(1);
}
/** Loads a module that reads the environment (app/lib/env.server.ts): a wrong value refuses the start. */
const loadOrRefuse = <T>(loading: Promise<T>): Promise<T> =>
  loading.catch((error) => {
    if (error?.name === "EnvError") refuseToStart(String(error.message).split("\n"));
    throw error;
  });

// The start rules (app/lib/boot-rules.mjs, which env.server.ts applies too): a setting the server
// must not run with stops it here, before anything listens, with one line per variable and exit 1;
// with mocks off, so does a demo account (or the demo password) in the studio's accounts file.
const problems = [...bootProblems(process.env), ...(await studioAccountProblems(process.env))];
if (problems.length > 0) refuseToStart(problems);
const useMocks = mocksOn(process.env);
process.env.MOCKS = String(useMocks);
// A number of hops or the proxies' addresses, never every proxy: the client is read from the right.
const trustProxy = trustProxyRule(process.env.TRUST_PROXY);

const port = Number(process.env.PORT ?? 3000);

// V8 lets the heap grow to up to four times what is live before its next full collection: under
// load, pages that render for every request (/login, the customer's /home) kept 450–550 MB
// resident, most of it garbage awaiting collection. Growing by half of what is live keeps a worker
// under 300 MB, for about 5 % more CPU (docs/performance.md). 0 leaves V8's own heuristics.
const heapGrowthPercent = Number(process.env.HEAP_GROWTH_PERCENT ?? 50);
if (heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(heapGrowthPercent)}`);

let mockRoutes: MockRoutes | null = null;
if (useMocks) {
  // The mock postpaid page lives on another origin than the site (127.0.0.1, not localhost), as
  // the real portal does, so the frame's message origin check means something.
  const mockPostpaidOrigin = `http://127.0.0.1:${port}`;
  // Its origin joins the pages' frame-src (server/http-guards.ts frameSourcesOf).
  process.env.POSTPAID_SITE_URL ??= `${mockPostpaidOrigin}/__mocks/pospago`;
  const { startMockUpstream } = await loadOrRefuse(import("../mocks/node"));
  startMockUpstream();
  mockRoutes = (await loadOrRefuse(import("../mocks/routes"))) as unknown as MockRoutes;
  // Without REDIS_URL or DATA_DIR the demo keeps its state in memory (app/lib/store/store.server.ts).
  const memory = !process.env.REDIS_URL && !process.env.DATA_DIR ? "; state in memory: a restart forgets sessions and payments under way (REDIS_URL or DATA_DIR keep them)" : "";
  const demo = `mock world (MOCKS=true): demo data, nothing leaves this machine${memory}`;
  // In production this is the demo, not the site: said loudly, once, at start.
  if (isProduction) log.warn({ upstream: "mock" }, `DEMO: ${demo}; set UPSTREAM_BASE_URL or every UPSTREAM_<NAME>_URL and SESSION_SECRET to serve the real site (docs/operations.md "Production")`);
  else log.info({ upstream: "mock" }, demo);
} else {
  log.info({ upstream: "real" }, `real services at ${process.env.UPSTREAM_BASE_URL ?? "the UPSTREAM_*_URL addresses"}`);
}

// The app's own environment check (app/lib/env.server.ts) runs as the build loads: a wrong value
// stops the server the same way.
const buildPath = path.join(root, "build/index.js");
const importBuild = (version = "") => loadOrRefuse(import(`${pathToFileURL(buildPath).href}${version}`) as Promise<SiteBuild>);
let build = await importBuild();
// In development every rebuild is loaded into this process and served from the next request on
// (Remix's manual mode: the dev server waits for broadcastDevReady with the new build's hash).
if (isDevelopment) {
  let settle: NodeJS.Timeout | undefined;
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

const { app, cache } = createApp({
  root,
  build: () => build,
  isProduction,
  isDevelopment,
  clientIpOf: (req) => clientAddress(req.socket.remoteAddress ?? "", req.headers["x-forwarded-for"], trustProxy),
  trustProxy,
  mockRoutes,
  // PAGE_CACHE=false turns it off, and so does development (a reload after an edit must show the
  // edit), unless PAGE_CACHE=true.
  pageCacheOn: isDevelopment ? process.env.PAGE_CACHE === "true" : process.env.PAGE_CACHE !== "false",
  pageCacheTtlMs: Number(process.env.PAGE_CACHE_TTL_MS ?? 10_000),
  previewOrigin: process.env.PREVIEW_ORIGIN || undefined,
  metricsToken: process.env.METRICS_TOKEN || undefined,
});

// The metrics (docs/operations.md "Metrics"): a worker of `npm start` answers its primary, which
// adds the workers up and serves METRICS_PORT; a process of its own serves METRICS_PORT itself.
if (cluster.isWorker) clusterMetrics();
else if (process.env.METRICS_PORT) {
  const metricsPort = Number(process.env.METRICS_PORT);
  const metricsHost = process.env.METRICS_HOST || "127.0.0.1";
  startMetricsServer({ port: metricsPort, host: metricsHost, token: process.env.METRICS_TOKEN || undefined, onListening: () => log.info({ port: metricsPort, host: metricsHost }, "metrics on /metrics") }).unref();
}

// With the studio on, the published version is read before the first request (an instance that
// starts serves the latest, never pages-config/ as deployed first); at most 10 s, after which it
// listens anyway and /readyz says not ready until the head is read (app/lib/config/live.server.ts).
const liveConfigReady = (build.entry.module as { liveConfigReady?: Promise<void> }).liveConfigReady;
if (liveConfigReady) await Promise.race([liveConfigReady, new Promise((resolve) => setTimeout(resolve, 10_000))]);

const server = createSiteServer(app, cache);
server.listen(port, () => {
  log.info({ port }, `Bait web listening on http://localhost:${port}`);
  if (isDevelopment) void broadcastDevReady(build);
});
// Previews on an origin of their own (server/preview-origin.ts): a loopback PREVIEW_ORIGIN (the
// demo's, e.g. http://localhost:3001) is this server on a second port; any other is the same
// server behind a proxy that passes its Host.
const previewOrigin = process.env.PREVIEW_ORIGIN ? previewOriginOf(process.env.PREVIEW_ORIGIN) : undefined;
const previewServer = previewOrigin?.local && previewOrigin.port !== port ? createSiteServer(app, cache) : undefined;
previewServer?.listen(previewOrigin!.port, () => log.info({ port: previewOrigin!.port }, `previews on ${previewOrigin!.origin}`));

// A deploy or a scale-down sends SIGTERM (docs/payment.md "Deploys"): stop accepting, let the
// requests in flight finish with their answers (a charge under way records its verdict and
// answers it), then leave. Idle keep-alive connections are closed at once; the rest get
// DRAIN_SECONDS (20 by default), after which the process leaves anyway. A second signal (the
// primary of `npm start` passes it on while a process group gets it too) changes nothing.
const drainMs = Math.max(1, Number(process.env.DRAIN_SECONDS ?? 20)) * 1000;
let draining = false;
const drain = (signal: NodeJS.Signals) => {
  if (draining) return;
  draining = true;
  const started = Date.now();
  const charges = () => build.entry.module.chargesUnderWay?.() ?? 0;
  log.info({ signal, charges: charges(), drainSeconds: drainMs / 1000 }, "deteniendo: se terminan las peticiones en curso");
  const leave = (code: number, reason: string) => {
    log.info({ ms: Date.now() - started, charges: charges() }, reason);
    process.exit(code);
  };
  server.close(() => {
    // Every answer has been sent; a charge is always answered, so none is left under way.
    leave(0, "detenido");
  });
  server.closeIdleConnections();
  previewServer?.close();
  previewServer?.closeIdleConnections();
  setTimeout(() => leave(charges() > 0 ? 1 : 0, "detenido al vencer DRAIN_SECONDS"), drainMs).unref();
};
process.on("SIGTERM", drain);
