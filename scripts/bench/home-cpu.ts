// The signed-in /home (or other pages) under load, in CPU per page: less sensitive to a busy machine than req/s.
// Starts the built app (build/server.js, one process, mocks on), opens a session the way `npm run bench`
// does, and for each round loads /home with autocannon while reading the server's CPU time
// (/proc/<pid>/stat) before and after; then the same bytes from the Node floor (scripts/bench/floor.mjs)
// right after. Build first (`npm run build`).
//
//   node --import tsx scripts/bench/home-cpu.ts
//   HOME_CPU_DURATION=10     seconds per case
//   HOME_CPU_CONNECTIONS=10  connections
//   HOME_CPU_ROUNDS=3        app + floor cases, one after the other
//   HOME_CPU_PATH=/home      the page (signed in)
//   HOME_CPU_PATHS=/home,/recurrente,/editar-perfil   several pages, one after the other in each round
//   HOME_CPU_ANONYMOUS=true  load it without the session (an anonymous page: mostly the page cache's answers)
//   HOME_CPU_UPSTREAM=process the mock upstream in a process of its own (mocks/standalone.ts), the app
//                            calling it over HTTP with a Redis of its own, as in `BENCH_UPSTREAM=process`:
//                            the CPU counted is then the app's alone, without the in-process mock world
//   HOME_CPU_AGAINST=<dir>   another checkout, built (e.g. the commit before a change): its server
//                            runs beside this one and both are loaded at the same moment, each with
//                            the connections above, so a busy machine weighs on both alike
//   HOME_CPU_PROFILE=<dir>   run the app under `node --cpu-prof` and write its .cpuprofile there
//                            (fold it into a flame graph: scripts/bench/flamegraph.ts)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { upstreamEnv } from "../../mocks/upstream-names";
import { freePort, waitForHealth, waitForQuiet } from "./process";
import { startRedis } from "./redis";
import { benchCustomer, sessionCookie } from "./session";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const duration = Number(process.env.HOME_CPU_DURATION ?? 10);
const connections = Number(process.env.HOME_CPU_CONNECTIONS ?? 10);
const rounds = Number(process.env.HOME_CPU_ROUNDS ?? 3);
const pages = (process.env.HOME_CPU_PATHS ?? process.env.HOME_CPU_PATH ?? "/home").split(",").map((page) => page.trim()).filter(Boolean);
const profileDir = process.env.HOME_CPU_PROFILE;
const against = process.env.HOME_CPU_AGAINST;

/** user + system CPU time of a process, in ms (clock ticks are 100 a second on Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(url: string, pid: number, headers: Record<string, string>) {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections, duration, headers: { "accept-encoding": "gzip", ...headers } });
  const cpu = cpuMs(pid) - before;
  const answered = result.requests.total;
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts, cpuMsPerPage: Number((cpu / Math.max(1, answered)).toFixed(2)) };
}

type App = { label: string; root: string; pid: number; base: string; spawnedAt: number; stop: () => Promise<void> };

async function startApp(label: string, appRoot: string, env: Record<string, string>, profile?: string): Promise<App> {
  const port = await freePort();
  const spawnedAt = performance.now();
  // The server's entry: the compiled build/server.js; a checkout from before it ran server/index.ts
  // through tsx, and one from before server/ has server.mjs.
  const entry = existsSync(path.join(appRoot, "build/server.js")) ? ["build/server.js"] : existsSync(path.join(appRoot, "server/index.ts")) ? ["--import", "tsx", "server/index.ts"] : ["server.mjs"];
  const child = spawn("node", [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []), ...entry], {
    cwd: appRoot,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => child.kill("SIGTERM"));
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, 60_000);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { label, root: appRoot, pid: child.pid!, base, spawnedAt, stop };
}

async function main() {
  // A signal still stops the servers this script started.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(1));
  const secret = randomBytes(32).toString("hex");
  let upstream: { base: string; redisUrl: string } | undefined;
  if (process.env.HOME_CPU_UPSTREAM === "process") {
    const redis = await startRedis();
    if (!redis) throw new Error("HOME_CPU_UPSTREAM=process needs redis-server");
    process.on("exit", redis.stop);
    const upstreamPort = await freePort();
    const mock = spawn("node", ["--import", "tsx", "mocks/standalone.ts"], { cwd: root, env: { ...process.env, PORT: String(upstreamPort), SESSION_SECRET: secret }, stdio: "ignore" });
    process.on("exit", () => mock.kill("SIGTERM"));
    upstream = { base: `http://127.0.0.1:${upstreamPort}`, redisUrl: redis.url };
    await waitForHealth(`${upstream.base}/healthz`, 60_000);
  }
  const env = { NODE_ENV: "production", MOCKS: String(!upstream), ...(upstream ? { ...upstreamEnv(upstream.base), REDIS_URL: upstream.redisUrl } : {}), SESSION_SECRET: secret, REQUEST_LINK_SECRET: `${secret}-pide-recarga`, HSTS: "false" };
  const apps = [await startApp("app", root, env, profileDir)];
  if (against) apps.push(await startApp("against", path.resolve(against), env));

  const anonymous = process.env.HOME_CPU_ANONYMOUS === "true";
  const headersOf = new Map<App, Record<string, string>>();
  for (const app of apps) {
    let cookie = "";
    if (!anonymous && upstream) {
      // The upstream's token for the customer; the session record written into the Redis the apps share.
      const minted = await fetch(`${upstream.base}/__mocks/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ number: benchCustomer.number }) });
      const { access } = (await minted.json()) as { access: string };
      cookie = await sessionCookie(secret, access, { redisUrl: upstream.redisUrl });
    } else if (!anonymous) {
      cookie = await sessionCookie(secret, "", { appBase: app.base });
    }
    headersOf.set(app, cookie ? { cookie } : {});
  }
  const htmlOf = new Map<string, string>();
  for (const page of pages) {
    const first = await fetch(apps[0]!.base + page, { headers: headersOf.get(apps[0]!), redirect: "manual" });
    if (first.status !== 200) throw new Error(`${page} answered ${first.status}`);
    htmlOf.set(page, await first.text());
  }

  const floorPort = await freePort();
  const files = path.join(mkdtempSync(path.join(tmpdir(), "home-cpu-")), "files.json");
  writeFileSync(files, JSON.stringify(pages.map((page) => ({ path: page, html: htmlOf.get(page) }))));
  const floor = spawn("node", ["scripts/bench/floor.mjs"], { cwd: root, env: { ...process.env, PORT: String(floorPort), FLOOR_FILES: files }, stdio: "ignore" });
  process.on("exit", () => floor.kill("SIGTERM"));
  await waitForHealth(`http://127.0.0.1:${floorPort}/healthz`, 10_000);

  // Warm-up: JIT, caches.
  for (const page of pages) await Promise.all(apps.map((app) => autocannon({ url: app.base + page, connections, duration: 3, headers: { ...headersOf.get(app), "accept-encoding": "gzip" } })));
  for (const app of apps) await waitForQuiet(`${app.base}/healthz`);
  const rows: Array<Record<string, string | number>> = [];
  // The measured cases of the (first) app, in seconds since it started: the flame graph's window.
  const windows: Array<{ from: number; to: number }> = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const page of pages) {
      const from = (performance.now() - apps[0]!.spawnedAt) / 1000;
      // Side by side: every app under the same load at the same moment, so they share the machine's noise.
      const cases = await Promise.all(apps.map((app) => measure(app.base + page, app.pid, headersOf.get(app)!)));
      windows.push({ from, to: (performance.now() - apps[0]!.spawnedAt) / 1000 });
      for (const app of apps) await waitForQuiet(`${app.base}/healthz`);
      const floorCase = await measure(`http://127.0.0.1:${floorPort}${page}`, floor.pid!, {});
      apps.forEach((app, index) => {
        const figures = cases[index]!;
        rows.push({ round, page, server: app.label, "req/s": figures.rps, "CPU ms/page": figures.cpuMsPerPage, "p50 ms": figures.p50, "p99 ms": figures.p99, "non-2xx": figures.non2xx + figures.errors, "floor req/s": floorCase.rps, "floor CPU ms": floorCase.cpuMsPerPage });
        console.info(JSON.stringify(rows.at(-1)));
      });
    }
  }
  console.table(rows);
  for (const page of pages) console.info(`${page}: ${htmlOf.get(page)!.length} bytes of HTML`);
  console.info(`${connections} connections, ${duration} s a case${against ? `; against: ${against}` : ""}`);
  if (profileDir) {
    await apps[0]!.stop();
    // The first measured case, the first page's (later ones would mix in the floor's idle time).
    writeFileSync(path.join(profileDir, "window.json"), JSON.stringify(windows[0]));
    console.info(`profile written to ${profileDir}`);
  }
  process.exit(0);
}

await main();
