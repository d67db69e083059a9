// npm run bench -- deploy — the times a deploy and a publish take, measured, not asserted by a
// test (docs/operations.md "Draining a deploy", docs/performance.md "nginx micro-cache"). The
// browser and system tests hold their requests and wait for events; how long each step takes is
// this scenario's to say, in figures:
//
// - a start: from spawning the server (`node build/server.js`, MOCKS=false, the mock
//   world as an upstream of its own, DATA_DIR) until /readyz answers 200;
// - a drain: a request held in flight by the upstream (from a keep-alive client, as a browser or
//   nginx sends it), SIGTERM, how soon the port refuses new connections, and how soon the process
//   leaves once the request is answered (its client's idle connection closed); then the same
//   request never released, with DRAIN_SECONDS=2: when the process leaves anyway;
// - a deploy on one port with `npm start` and two workers (Redis): SIGTERM while a request is held,
//   the next instance started as soon as the old one stops accepting, and how long the port had no
//   ready instance;
// - a publish through deploy/nginx/micro-cache.conf as shipped: a page edited in the config folder,
//   and how long until a visitor through nginx is served the edit (the conf promises 2 s).
//
//   BENCH_ROUNDS=5        rounds of each measure (default 5)
//   BENCH_OUT=bench-results/deploy-<date>.json
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { upstreamEnv } from "../../mocks/upstream-names";
import { startNginx, microCacheSite } from "./nginx";
import { freePort, waitForHealth } from "./process";
import { startRedis } from "./redis";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const outFile = process.env.BENCH_OUT ?? path.join(root, "bench-results", `deploy-${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}.json`);
const SESSION_SECRET = "bench-only-session-secret-0123456789abcdef";
const REQUEST_LINK_SECRET = "bench-only-request-link-secret-fedcba9876543210";
const IMEI = "356938035643809";

type Child = { process: ChildProcess; exited: Promise<number | null> };

function start(args: string[], env: Record<string, string>, { group = false } = {}): Child {
  const child = spawn("node", args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: group });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { process: child, exited };
}

/** Polls `check` every 10 ms until it is true; the milliseconds it took (at most `limitMs`, then it throws). */
async function until(check: () => Promise<boolean>, limitMs: number, what: string, from = performance.now()): Promise<number> {
  for (;;) {
    if (await check()) return Math.round(performance.now() - from);
    if (performance.now() - from > limitMs) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
/**
 * The status of a GET on a connection of its own (0 when it fails): a pooled keep-alive socket to
 * the port may belong to the instance that just left, and a request sent on it fails.
 */
const statusOf = (url: string) =>
  new Promise<number>((resolve) => {
    const request = get(url, { agent: false }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    request.once("error", () => resolve(0));
  });
const answers = async (url: string) => (await statusOf(url)) === 200;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};

export async function runDeployBench() {
  const cleanup: Array<() => void> = [];
  process.on("exit", () => cleanup.forEach((stop) => stop()));
  const upstreamPort = await freePort();
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const mockWorld = start(["--import", "tsx", "mocks/standalone.ts"], { PORT: String(upstreamPort), SESSION_SECRET, LOG_LEVEL: "warn" });
  cleanup.push(() => mockWorld.process.kill("SIGKILL"));
  await waitForHealth(`${upstream}/healthz`, 60_000);
  const mock = (method: string, route: string, body?: unknown) => fetch(`${upstream}${route}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const held = async () => ((await (await mock("GET", "/__mocks/held")).json()) as { count: number }).count;
  const dataRoot = mkdtempSync(path.join(tmpdir(), "bench-deploy-"));
  cleanup.push(() => rmSync(dataRoot, { recursive: true, force: true }));
  /** A DATA_DIR of its own for each server: nothing one server kept (a limit, a lock) changes the next one's figures. */
  const freshDataDir = () => mkdtempSync(path.join(dataRoot, "data-"));
  const site = (port: number, env: Record<string, string> = {}) => ({ ...upstreamEnv(upstream), NODE_ENV: "production", MOCKS: "false", PORT: String(port), SESSION_SECRET, REQUEST_LINK_SECRET, HSTS: "false", LOG_LEVEL: "warn", ...env });
  const results: Record<string, unknown> = {};

  /** A request the upstream holds: sent, and in flight once the upstream has it. */
  async function holdOne(port: number, { keepAlive = false } = {}) {
    await mock("POST", "/__mocks/reset");
    await mock("POST", "/__mocks/switches", { "core.validateImei": { hold: true } });
    let early: number | undefined;
    const url = `http://127.0.0.1:${port}/api/imei?imei=${IMEI}`;
    // With keepAlive, as a browser or nginx sends it: the connection stays open, idle, once answered.
    const sent = keepAlive ? fetch(url).then(async (response) => (await response.arrayBuffer(), response.status), () => 0) : statusOf(url);
    const answered = sent.then((status) => (early = status));
    await until(
      async () => {
        if (early !== undefined) throw new Error(`the request to hold was answered ${early} before the upstream held it`);
        return (await held()) === 1;
      },
      120_000,
      "the request held by the upstream",
    );
    // In an object: an async function returning the promise itself would wait for the answer.
    return { answered };
  }

  // A start and a drain, one process (what the Dockerfile runs), DATA_DIR.
  const starts: number[] = [];
  const stopsAccepting: number[] = [];
  const leavesAfterAnswer: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const port = await freePort();
    const spawned = performance.now();
    const server = start(["build/server.js"], site(port, { DATA_DIR: freshDataDir() }));
    cleanup.push(() => server.process.kill("SIGKILL"));
    starts.push(await until(() => answers(`http://127.0.0.1:${port}/readyz`), 120_000, "the server's /readyz", spawned));
    const { answered } = await holdOne(port, { keepAlive: true });
    const signalled = performance.now();
    server.process.kill("SIGTERM");
    stopsAccepting.push(await until(async () => !(await accepting(port)), 30_000, "the port closed after SIGTERM", signalled));
    const released = performance.now();
    await mock("POST", "/__mocks/release");
    const [status, code] = await Promise.all([answered, server.exited]);
    leavesAfterAnswer.push(Math.round(performance.now() - released));
    if (status !== 200 || code !== 0) throw new Error(`the drained request answered ${status}, the process exited ${code}`);
    console.info(`[bench deploy] start → /readyz ${starts.at(-1)} ms · SIGTERM → no new connection ${stopsAccepting.at(-1)} ms · release → answered (keep-alive) and left ${leavesAfterAnswer.at(-1)} ms`);
  }
  results.start = { readyMs: stats(starts) };
  results.drain = { client: "keep-alive (fetch)", stopsAcceptingMs: stats(stopsAccepting), leavesAfterAnswerMs: stats(leavesAfterAnswer) };

  // The drain's deadline: a request never answered, DRAIN_SECONDS=2.
  {
    const port = await freePort();
    const server = start(["build/server.js"], site(port, { DATA_DIR: freshDataDir(), DRAIN_SECONDS: "2" }));
    cleanup.push(() => server.process.kill("SIGKILL"));
    await until(() => answers(`http://127.0.0.1:${port}/readyz`), 120_000, "the server's /readyz");
    const { answered } = await holdOne(port);
    const signalled = performance.now();
    server.process.kill("SIGTERM");
    const code = await server.exited;
    const leftMs = Math.round(performance.now() - signalled);
    await mock("POST", "/__mocks/release");
    const status = await answered;
    if (status !== 0) throw new Error(`the request held past DRAIN_SECONDS was answered ${status}`);
    results.drainDeadline = { drainSeconds: 2, leftAfterMs: leftMs, exitCode: code };
    console.info(`[bench deploy] DRAIN_SECONDS=2, the request never answered: left after ${leftMs} ms (exit ${code})`);
  }

  // A deploy on one port: npm start with two workers and Redis, the next instance started as soon as the old one stops accepting.
  const redis = await startRedis();
  if (!redis) console.info("[bench deploy] redis-server not installed: the deploy of npm start with two workers is left out");
  else {
    cleanup.push(redis.stop);
    const port = await freePort();
    const env = site(port, { REDIS_URL: redis.url });
    let old = start(["scripts/start.mjs"], { ...env, WEB_CONCURRENCY: "2" }, { group: true });
    cleanup.push(() => old.process.kill("SIGKILL"));
    await until(() => answers(`http://127.0.0.1:${port}/readyz`), 180_000, "npm start's /readyz");
    const gaps: number[] = [];
    const closes: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const { answered } = await holdOne(port);
      const signalled = performance.now();
      // npm start's whole process group, as a deploy sends it; a later instance is one process.
      if (old.process.spawnargs.includes("scripts/start.mjs")) process.kill(-old.process.pid!, "SIGTERM");
      else old.process.kill("SIGTERM");
      closes.push(await until(async () => !(await accepting(port)), 30_000, "the old instance's port closed", signalled));
      const closed = performance.now();
      const next = start(["build/server.js"], env);
      cleanup.push(() => next.process.kill("SIGKILL"));
      gaps.push(await until(() => answers(`http://127.0.0.1:${port}/readyz`), 120_000, "the next instance's /readyz", closed));
      await mock("POST", "/__mocks/release");
      const [status, code] = await Promise.all([answered, old.exited]);
      if (status !== 200 || code !== 0) throw new Error(`the old instance answered ${status} and exited ${code}`);
      console.info(`[bench deploy] deploy: SIGTERM → the old stops accepting ${closes.at(-1)} ms · no instance ready on the port for ${gaps.at(-1)} ms`);
      old = next;
    }
    old.process.kill("SIGTERM");
    await old.exited;
    results.deploy = { first: "npm start, WEB_CONCURRENCY=2, Redis", next: "build/server.js", oldStopsAcceptingMs: stats(closes), portWithoutReadyInstanceMs: stats(gaps) };
  }

  // A publish through the micro-cache (deploy/nginx/micro-cache.conf as shipped, 1 s).
  {
    const configDir = mkdtempSync(path.join(tmpdir(), "bench-deploy-config-"));
    cleanup.push(() => rmSync(configDir, { recursive: true, force: true }));
    cpSync(path.join(root, "pages-config"), configDir, { recursive: true });
    const port = await freePort();
    const app = start(["build/server.js"], { NODE_ENV: "production", MOCKS: "true", PORT: String(port), SESSION_SECRET, HSTS: "false", LOG_LEVEL: "warn", CONFIG_DIR: configDir });
    cleanup.push(() => app.process.kill("SIGKILL"));
    await until(() => answers(`http://127.0.0.1:${port}/readyz`), 120_000, "the app's /readyz");
    const nginxPort = await freePort();
    const nginx = await startNginx(nginxPort, microCacheSite(root, port, nginxPort)).catch((error: Error) => {
      console.warn(`[bench deploy] nginx micro-cache skipped: ${error.message}`);
      return undefined;
    });
    if (!nginx) console.info("[bench deploy] nginx not installed: the publish through the micro-cache is left out");
    else {
      cleanup.push(nginx.stop);
      const file = path.join(configDir, "pages/promociones.json");
      const page = `http://127.0.0.1:${nginxPort}/promociones`;
      const seen: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        // The page kept by nginx (a HIT) before the edit, as on a busy site.
        await until(async () => (await fetch(page)).headers.get("x-cache") === "HIT", 30_000, "the page kept by nginx");
        const title = `Promociones, versión ${round + 1} de la medición`;
        const edited = JSON.parse(readFileSync(file, "utf8"));
        edited.blocks[0].title = title;
        const published = performance.now();
        writeFileSync(file, JSON.stringify(edited, null, 2));
        seen.push(await until(async () => (await (await fetch(page)).text()).includes(title), 30_000, "the edit through nginx", published));
        console.info(`[bench deploy] publish: an edit served through the micro-cache after ${seen.at(-1)} ms`);
      }
      results.publish = { conf: "deploy/nginx/micro-cache.conf (proxy_cache_valid any 1s)", editServedAfterMs: stats(seen) };
    }
  }

  console.info(`\n${JSON.stringify(results, null, 2)}`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), rounds, ...results }, null, 2));
  console.info(`\n[bench deploy] figures written to ${path.relative(root, outFile)}`);
  process.exit(0);
}
