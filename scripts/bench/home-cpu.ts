// The signed-in /home under load, in CPU per page: less sensitive to a busy machine than req/s.
// Starts the built app (server.mjs, one process, mocks on), opens a session the way `npm run bench`
// does, and for each round loads /home with autocannon while reading the server's CPU time
// (/proc/<pid>/stat) before and after; then the same bytes from the Node floor (scripts/bench/floor.mjs)
// at the same moment. Build first (`npx remix build`).
//
//   node --import tsx scripts/bench/home-cpu.ts
//   HOME_CPU_DURATION=10     seconds per case
//   HOME_CPU_CONNECTIONS=10  connections
//   HOME_CPU_ROUNDS=3        app + floor cases, one after the other
//   HOME_CPU_PATH=/home      the page (signed in)
//   HOME_CPU_ANONYMOUS=true  load it without the session (an anonymous page: mostly the page cache's answers)
//   HOME_CPU_PROFILE=<dir>   run the app under `node --cpu-prof` and write its .cpuprofile there
//                            (fold it into a flame graph: scripts/bench/flamegraph.ts)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort, waitForHealth, waitForQuiet } from "./process";
import { sessionCookie } from "./session";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const duration = Number(process.env.HOME_CPU_DURATION ?? 10);
const connections = Number(process.env.HOME_CPU_CONNECTIONS ?? 10);
const rounds = Number(process.env.HOME_CPU_ROUNDS ?? 3);
const page = process.env.HOME_CPU_PATH ?? "/home";
const profileDir = process.env.HOME_CPU_PROFILE;

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

async function main() {
  const port = await freePort();
  const secret = randomBytes(32).toString("hex");
  const spawnedAt = performance.now();
  const app = spawn("node", [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "server.mjs"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: String(port), SESSION_SECRET: secret, HSTS: "false", LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stopApp = () => app.kill("SIGTERM");
  process.on("exit", stopApp);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`, 60_000);
  const cookie = process.env.HOME_CPU_ANONYMOUS === "true" ? "" : await sessionCookie(secret, "", { appBase: base });
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const first = await fetch(base + page, { headers, redirect: "manual" });
  if (first.status !== 200) throw new Error(`${page} answered ${first.status}`);
  const html = await first.text();

  const floorPort = await freePort();
  const files = path.join(mkdtempSync(path.join(tmpdir(), "home-cpu-")), "files.json");
  writeFileSync(files, JSON.stringify([{ path: page, html }]));
  const floor = spawn("node", ["scripts/bench/floor.mjs"], { cwd: root, env: { ...process.env, PORT: String(floorPort), FLOOR_FILES: files }, stdio: "ignore" });
  process.on("exit", () => floor.kill("SIGTERM"));
  await waitForHealth(`http://127.0.0.1:${floorPort}/healthz`, 10_000);

  // Warm-up: JIT, caches.
  await autocannon({ url: base + page, connections, duration: 3, headers: { ...headers, "accept-encoding": "gzip" } });
  await waitForQuiet(`${base}/healthz`);
  const rows: Array<Record<string, string | number>> = [];
  // The measured app cases, in seconds since the app started: the flame graph's window.
  const windows: Array<{ from: number; to: number }> = [];
  for (let round = 1; round <= rounds; round += 1) {
    const from = (performance.now() - spawnedAt) / 1000;
    const appCase = await measure(base + page, app.pid!, headers);
    windows.push({ from, to: (performance.now() - spawnedAt) / 1000 });
    await waitForQuiet(`${base}/healthz`);
    const floorCase = await measure(`http://127.0.0.1:${floorPort}${page}`, floor.pid!, {});
    rows.push({ round, "app req/s": appCase.rps, "CPU ms/page": appCase.cpuMsPerPage, "p50 ms": appCase.p50, "p99 ms": appCase.p99, "non-2xx": appCase.non2xx + appCase.errors, "floor req/s": floorCase.rps, "floor CPU ms": floorCase.cpuMsPerPage });
    console.info(JSON.stringify(rows.at(-1)));
  }
  console.table(rows);
  console.info(`${page}: ${html.length} bytes of HTML, ${connections} connections, ${duration} s a case`);
  if (profileDir) {
    await new Promise<void>((resolve) => {
      app.once("exit", () => resolve());
      stopApp();
    });
    // The first measured case (later rounds would mix in the floor's idle time).
    writeFileSync(path.join(profileDir, "window.json"), JSON.stringify(windows[0]));
    console.info(`profile written to ${profileDir}`);
  }
  floor.kill("SIGTERM");
  process.exit(0);
}

await main();
