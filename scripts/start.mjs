// `npm start`: builds when the build is missing or older than the sources, then serves it with
// WEB_CONCURRENCY workers, each running the compiled server (build/server.js, from server/index.ts:
// scripts/build-server.mjs).
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pino from "pino";
import { bootProblems, mocksOn, studioAccountProblems } from "../app/lib/boot-rules.mjs";
import { clusterMetrics, startMetricsServer } from "../server/metrics-endpoint.mjs";
import { addCompileHints } from "./compile-hints.mjs";

// The launcher's own lines, like the workers' (server/app.ts): one JSON line each.
const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { pid: process.pid, module: "start" }, timestamp: pino.stdTimeFunctions.isoTime });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildFile = path.join(root, "build/index.js");
const entry = path.join(root, "build/server.js");
// Started before the server's modules load, so it sees them load (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT).
const tracing = path.join(root, "build/tracing.js");
const sources = ["app", "schemas", "locales", "server", "mocks", "remix.config.js", "package.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

// A setting the server must not run with (docs/operations.md "Production") stops here, before any build:
// one line per variable, exit code 1; and, with mocks off, a demo account in the studio's accounts
// file. server/index.ts checks the same rules again in each worker.
const problems = [...bootProblems(process.env), ...(await studioAccountProblems(process.env))];
if (problems.length > 0) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exit(1);
}

const builtAt = existsSync(buildFile) && existsSync(entry) ? Math.min(statSync(buildFile).mtimeMs, statSync(entry).mtimeMs) : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt < changedAt) {
  log.info("building the app (sources are newer than the build)");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  // A build made by `npx remix build` alone still gets its compile hints (idempotent; a build from
  // `npm run build` has them and nothing is written). On a read-only deployment the build is served
  // as it is: the hints make the first load faster, the site works without them.
  try {
    addCompileHints(path.join(root, "public"));
  } catch (error) {
    if (!["EROFS", "EACCES", "EPERM"].includes(error?.code)) throw error;
    log.warn({ code: error.code }, "the build has no compile hints and its folder is read-only: served without them (build with `npm run build`)");
  }
}

process.env.NODE_ENV ??= "production";

// WEB_CONCURRENCY workers (node:cluster) share the port. By default one per core in production;
// one with the mock world, whose state (sessions, switches) lives in its process, and one without
// REDIS_URL: the durable store's files under DATA_DIR (the lead outbox) belong to one process, and
// two delivery loops over them would send a lead twice (docs/leads.md).
// (bootProblems refused WEB_CONCURRENCY > 1 without REDIS_URL.)
const useMocks = mocksOn(process.env);
const sharedStore = Boolean(process.env.REDIS_URL);
const workers = Number(process.env.WEB_CONCURRENCY ?? (process.env.NODE_ENV === "production" && !useMocks && sharedStore ? os.availableParallelism() : 1));
if (workers > 1) {
  if (useMocks) log.warn({ workers }, "WEB_CONCURRENCY > 1 with the mock world: each worker has its own demo state");
  cluster.setupPrimary({ exec: entry, execArgv: [...process.execArgv, "--import", pathToFileURL(tracing).href] });
  let stopping = false;
  const fork = () => cluster.fork().on("exit", (code, signal) => {
    // A worker that dies on its own is replaced; on shutdown they are let go.
    if (!stopping) {
      log.error({ exit: signal ?? code }, "worker exited, starting another");
      fork();
    }
  });
  for (let index = 0; index < workers; index += 1) fork();
  // The workers' metrics, added up here (prom-client's AggregatorRegistry): on METRICS_PORT, and
  // for a worker asked on the site's port with METRICS_TOKEN (server/metrics-endpoint.mjs).
  const readMetrics = clusterMetrics();
  if (process.env.METRICS_PORT) {
    const port = Number(process.env.METRICS_PORT);
    const host = process.env.METRICS_HOST || "127.0.0.1";
    startMetricsServer({ port, host, token: process.env.METRICS_TOKEN || undefined, read: readMetrics, onListening: () => log.info({ port, host, workers }, "metrics of every worker on /metrics") }).unref();
  }
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    });
  }
} else {
  await import(pathToFileURL(tracing).href);
  await import(pathToFileURL(entry).href);
}
