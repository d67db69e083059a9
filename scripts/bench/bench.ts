// npm run bench — a benchmark, not a test: the site under load next to what the machine can do
// at best with the same bytes (a bare node:http server, and nginx when it is installed), and the
// app behind deploy/nginx/micro-cache.conf.
// Builds when needed (scripts/start.mjs), starts the app with mocks on a free port, and for each
// page and connection count runs autocannon on loopback. Prints a table, writes JSON.
//
//   BENCH_DURATION=5          seconds per case (the whole default run takes about 4 minutes)
//   BENCH_CONNECTIONS=10,100  connection counts
//   BENCH_PATHS=/,/login      only these pages (the logged-in /home is "/home")
//   BENCH_OUT=bench-results/<date>.json
//   BENCH_ROUNDS=1            the whole set of cases again against the same app (a second round shows
//                             whether its memory keeps growing: BENCH_DURATION=60 BENCH_ROUNDS=2)
//   BENCH_UPSTREAM=in-app     where the mock upstream runs: in the app's process (MOCKS=true, the
//                             default), or `process`: a process of its own (mocks/standalone.ts),
//                             the app with MOCKS=false calling it over HTTP, as production calls its
//                             upstreams; its CPU is then not the app's
//   WEB_CONCURRENCY           passed to the app (its workers); above 1 the bench starts a redis-server
//                             of its own when REDIS_URL is not set (npm start needs one for several
//                             workers), and the mock world's tokens are valid in every worker
//   BENCH_SCENARIO=publish    instead of the load cases, how soon a version published in the studio is
//                             served by two instances and through nginx (scripts/bench/publish.ts,
//                             BENCH_PUBLISH_ROUNDS publishes, 20 by default)
//
// npm run bench -- deploy: the times of a start, a drain, a deploy and a publish through the
// micro-cache instead (scripts/bench/deploy.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startNginxMicroCache, startStaticNginx, type Nginx } from "./nginx";
import { freePort, peakRss, waitForHealth, waitForQuiet } from "./process";
import { startRedis } from "./redis";
import { upstreamEnv } from "../../mocks/upstream-names";
import { benchCustomer, sessionCookie } from "./session";
import { runDeployBench } from "./deploy";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "10,100").split(",").map(Number);
const onlyPaths = process.env.BENCH_PATHS?.split(",");
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const scenario = process.env.BENCH_SCENARIO ?? "load";
const outFile = process.env.BENCH_OUT ?? path.join(root, "bench-results", `${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}${scenario === "load" ? "" : `-${scenario}`}.json`);
// gzip: what every client accepts, and what nginx's static module serves.
const ENCODING = "gzip";

type Page = { path: string; label: string; cookie?: string };
type Case = { server: "app" | "node" | "nginx" | "nginx-cache"; round: number; page: string; connections: number; rps: number; p50: number; p99: number; errors: number; unanswered: number; non2xx: number; bytes: number; peakRssMb?: number };

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

async function load(url: string, connections: number, headers: Record<string, string>, seconds = duration) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": ENCODING, ...headers } });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    // Sent but not answered when the case ended (a server slower than the case answers nothing).
    unanswered: result.requests.sent - result.requests.total,
    non2xx: result.non2xx,
    bytes: Math.round(result.throughput.average),
  };
}

async function main() {
  const appPort = await freePort();
  const secret = randomBytes(32).toString("hex");
  const stopAll: Array<() => void> = [];
  process.on("exit", () => stopAll.forEach((stop) => stop()));
  let redisUrl = process.env.REDIS_URL;
  const separateUpstream = process.env.BENCH_UPSTREAM === "process";
  // Several workers share their state in Redis; a separate upstream has no /__mocks/session, so the
  // bench writes the logged-in session's record into the Redis the app reads.
  if ((Number(process.env.WEB_CONCURRENCY ?? 1) > 1 || separateUpstream) && !redisUrl) {
    const redis = await startRedis();
    if (!redis) throw new Error("WEB_CONCURRENCY > 1 and BENCH_UPSTREAM=process need REDIS_URL or redis-server installed");
    stopAll.push(redis.stop);
    redisUrl = redis.url;
  }
  let upstreamBase = "";
  if (separateUpstream) {
    const upstreamPort = await freePort();
    upstreamBase = `http://127.0.0.1:${upstreamPort}`;
    const upstream = start("node", ["--import", "tsx", "mocks/standalone.ts"], { PORT: String(upstreamPort), SESSION_SECRET: secret });
    stopAll.push(() => upstream.kill("SIGTERM"));
    await waitForHealth(`${upstreamBase}/healthz`, 60_000);
  }
  const app = start("node", ["scripts/start.mjs"], {
    NODE_ENV: "production",
    MOCKS: String(!separateUpstream),
    ...(separateUpstream ? upstreamEnv(upstreamBase) : {}),
    PORT: String(appPort),
    SESSION_SECRET: secret,
    // Required with real upstreams, and never the session's (docs/request-link.md).
    REQUEST_LINK_SECRET: `${secret}-pide-recarga`,
    HSTS: "false",
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  stopAll.unshift(() => app.kill("SIGTERM"));
  const base = `http://127.0.0.1:${appPort}`;
  await waitForHealth(`${base}/healthz`, 180_000);

  const minted = await fetch(`${separateUpstream ? upstreamBase : base}/__mocks/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ number: benchCustomer.number }) });
  const { access } = (await minted.json()) as { access: string };
  const session = await sessionCookie(secret, access, separateUpstream ? { redisUrl: redisUrl! } : { appBase: base });

  const pages: Page[] = [
    { path: "/", label: "/" },
    { path: "/recargas", label: "/recargas" },
    { path: "/paquetes", label: "/paquetes" },
    { path: "/e-sim", label: "/e-sim" },
    { path: "/login", label: "/login" },
    { path: "/registro", label: "/registro" },
    { path: "/home", label: "/home (logged in)", cookie: session },
  ].filter((page) => !onlyPaths || onlyPaths.includes(page.path));

  // The bytes each page answers, for the floor servers.
  const files: Array<{ path: string; html: string }> = [];
  for (const page of pages) {
    const response = await fetch(base + page.path, { headers: page.cookie ? { cookie: page.cookie } : {}, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}; the bench needs a 200`);
    files.push({ path: page.path, html: await response.text() });
  }

  const floorPort = await freePort();
  const filesJson = path.join(mkdtempSync(path.join(tmpdir(), "bench-floor-")), "files.json");
  writeFileSync(filesJson, JSON.stringify(files));
  const floor = start("node", ["scripts/bench/floor.mjs"], { PORT: String(floorPort), FLOOR_FILES: filesJson });
  stopAll.push(() => floor.kill("SIGTERM"));
  await waitForHealth(`http://127.0.0.1:${floorPort}/healthz`, 10_000);

  let nginx: Nginx | undefined;
  try {
    nginx = await startStaticNginx(files);
    if (nginx) stopAll.push(() => nginx?.stop());
  } catch (error) {
    console.warn(`[bench] nginx skipped: ${(error as Error).message}`);
  }
  if (!nginx) console.info("[bench] nginx not installed: its columns are left out");
  let microCache: Nginx | undefined;
  try {
    microCache = await startNginxMicroCache(root, appPort);
    if (microCache) stopAll.push(() => microCache?.stop());
  } catch (error) {
    console.warn(`[bench] nginx micro-cache skipped: ${(error as Error).message}`);
  }

  const cases: Case[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const page of pages) {
      const headers: Record<string, string> = page.cookie ? { cookie: page.cookie } : {};
      // One short warm-up so the first case does not pay for JIT and caches.
      await load(base + page.path, 10, headers, 1);
      for (const connections of connectionCounts) {
        const rss = peakRss(app.pid!);
        const figures = await load(base + page.path, connections, headers);
        cases.push({ server: "app", round, page: page.label, connections, ...figures, peakRssMb: rss.stop() });
        // The next case starts when the server has worked off this one's backlog.
        await waitForQuiet(`${base}/healthz`);
        cases.push({ server: "node", round, page: page.label, connections, ...(await load(`http://127.0.0.1:${floorPort}${page.path}`, connections, {})) });
        if (nginx) {
          cases.push({ server: "nginx", round, page: page.label, connections, ...(await load(`http://127.0.0.1:${nginx.port}${page.path}`, connections, {})) });
        }
        // deploy/nginx/micro-cache.conf in front of the app: anonymous pages only (a session always reaches the app).
        if (microCache && !page.cookie) {
          cases.push({ server: "nginx-cache", round, page: page.label, connections, ...(await load(`http://127.0.0.1:${microCache.port}${page.path}`, connections, {})) });
          await waitForQuiet(`${base}/healthz`);
        }
        printCase(cases);
      }
    }
  }

  printTable(cases);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), duration, rounds, encoding: ENCODING, webConcurrency: process.env.WEB_CONCURRENCY ?? null, upstream: separateUpstream ? "process" : "in-app", cases }, null, 2));
  console.info(`\n[bench] figures written to ${path.relative(root, outFile)}`);
  process.exit(0);
}

function printCase(cases: Case[]) {
  const last = cases.filter((entry) => entry.round === cases.at(-1)!.round && entry.page === cases.at(-1)!.page && entry.connections === cases.at(-1)!.connections);
  console.info(last.map((entry) => `${entry.server} ${entry.page} c=${entry.connections}: ${entry.rps}/s p99 ${entry.p99} ms`).join(" · "));
}

function printTable(cases: Case[]) {
  const rows = [["round", "page", "conn", "app req/s", "p50 ms", "p99 ms", "errors", "unanswered", "peak RSS MB", "node req/s", "app/node", "nginx req/s", "app/nginx", "app+nginx cache req/s", "its p99 ms"]];
  for (const appCase of cases.filter((entry) => entry.server === "app")) {
    const other = (server: Case["server"]) => cases.find((entry) => entry.server === server && entry.round === appCase.round && entry.page === appCase.page && entry.connections === appCase.connections);
    const node = other("node");
    const nginx = other("nginx");
    const cached = other("nginx-cache");
    const ratio = (against?: Case) => (against ? `${((appCase.rps / against.rps) * 100).toFixed(1)} %` : "—");
    rows.push([
      String(appCase.round),
      appCase.page,
      String(appCase.connections),
      String(appCase.rps),
      String(appCase.p50),
      String(appCase.p99),
      String(appCase.errors + appCase.non2xx),
      String(appCase.unanswered),
      String(appCase.peakRssMb ?? "—"),
      String(node?.rps ?? "—"),
      ratio(node),
      String(nginx?.rps ?? "—"),
      ratio(nginx),
      String(cached?.rps ?? "—"),
      String(cached?.p99 ?? "—"),
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.info("");
  for (const row of rows) console.info(row.map((cell, column) => (column === 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
}

if (process.argv[2] === "deploy") await runDeployBench();
else if (scenario === "publish") {
  // Imported only here: it loads the app's version store and shared state, which the load cases do not need.
  const { benchPublish } = await import("./publish");
  await benchPublish(root, outFile);
  process.exit(0);
} else if (scenario === "load") await main();
else throw new Error(`BENCH_SCENARIO=${scenario}: load (the default) or publish`);
