import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../tests/support/free-port";

/**
 * The metrics of `npm start`'s workers, added up by its primary (docs/operations.md "Metrics"):
 * prom-client's AggregatorRegistry in the node:cluster primary serves METRICS_PORT with every
 * worker's series summed, and a worker asked on the site's port with the token answers the same
 * sum; without the token the site's /metrics is a 404.
 *
 * Two levels: a stand-in cluster (server/metrics-cluster.fixture.ts: the primary wired as
 * scripts/start.mjs wires it, workers with the app's instruments) that needs no build and always
 * runs; and `node scripts/start.mjs` itself with WEB_CONCURRENCY=2, the mock world and a Redis of
 * its own, which needs a build at least as new as the sources (start.mjs would build otherwise):
 * skipped without one (`npm test` runs the unit tests before `npm run build`; run
 * `npm run build` first to include it).
 */
const root = path.resolve(__dirname, "..");
const TOKEN = "metricas-del-cluster-0123456789abcdefghijklmnop";
const ROUTE_SERIES = 'bait_http_request_duration_seconds_count{method="GET",route="routes/r.$id",status="200"}';
const HEALTH_SERIES = 'bait_http_request_duration_seconds_count{method="GET",route="healthz",status="200"}';

/** A GET on a connection of its own (the cluster's primary hands each new connection to the next worker). */
function get(port: number, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const asked = request({ host: "127.0.0.1", port, path: pathname, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    asked.on("error", reject);
    asked.end();
  });
}
/** The value of one series of a scrape (0 when absent). */
const valueOf = (text: string, series: string) => Number(text.split("\n").find((line) => line.startsWith(`${series} `))?.split(" ")[1] ?? 0);

/** A child process whose stdout lines the test waits on (events, never a clock). */
function started(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let errors = "";
  const waiters: Array<{ test: (lines: string[]) => boolean; resolve: () => void }> = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.test(lines)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  let rest = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const text = rest + chunk.toString("utf8");
    const complete = text.split("\n");
    rest = complete.pop() ?? "";
    lines.push(...complete);
    check();
  });
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    lines,
    /** Resolves once the lines pass `test`; rejects if the process exits first. */
    until: (test: (lines: string[]) => boolean) =>
      new Promise<void>((resolve, reject) => {
        if (test(lines)) return resolve();
        waiters.push({ test, resolve });
        void exited.then((code) => reject(new Error(`${command} ${args.join(" ")} exited (${code}) first:\n${errors}\n${lines.join("\n")}`)));
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

describe("the workers' metrics added up by the primary (a stand-in cluster, no build)", () => {
  let cluster: ReturnType<typeof started>;
  let port = 0;
  let metricsPort = 0;
  beforeAll(async () => {
    [port, metricsPort] = [await freePort(), await freePort()];
    cluster = started(process.execPath, ["--import", "tsx", "server/metrics-cluster.fixture.ts"], { PATH: process.env.PATH, NODE_ENV: "test", PORT: String(port), METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN });
    await cluster.until((lines) => lines.includes("ready"));
  });
  afterAll(() => cluster?.stop());

  it("METRICS_PORT sums the requests both workers answered; a worker asked with the token answers the same sum; the config version is the lowest", async () => {
    const before = (await get(metricsPort, "/metrics", { authorization: `Bearer ${TOKEN}` })).body;
    const answeredBy: string[] = [];
    for (let index = 0; index < 10; index += 1) answeredBy.push((await get(port, `/r/${index}`)).body);
    expect(new Set(answeredBy).size, "both workers answered").toBe(2);

    const scrape = await get(metricsPort, "/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(scrape.status).toBe(200);
    expect(valueOf(scrape.body, ROUTE_SERIES) - valueOf(before, ROUTE_SERIES)).toBe(10);
    expect(valueOf(scrape.body, 'bait_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="routes/r.$id",status="200"}') - valueOf(before, 'bait_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="routes/r.$id",status="200"}')).toBe(10);
    // Worker ids 1 and 2 serve versions 11 and 12: the gauge is the lowest.
    expect(valueOf(scrape.body, "bait_config_version")).toBe(11);

    for (let index = 0; index < 2; index += 1) {
      const fromWorker = await get(port, "/metrics", { authorization: `Bearer ${TOKEN}` });
      expect(fromWorker.status).toBe(200);
      expect(valueOf(fromWorker.body, ROUTE_SERIES) - valueOf(before, ROUTE_SERIES)).toBe(10);
    }
  });

  it("METRICS_PORT with METRICS_TOKEN answers nothing without it, with another, or at another path", async () => {
    expect((await get(metricsPort, "/metrics")).status).toBe(404);
    expect((await get(metricsPort, "/metrics", { authorization: "Bearer otro-token-0123456789abcdefghijklmnop" })).status).toBe(404);
    expect((await get(metricsPort, "/", { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });
});

/** start.mjs builds when the build is older than the sources (its own rule): the test runs only on a build it would serve as it is. */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}
const buildFile = path.join(root, "build/index.js");
const freshBuild = existsSync(buildFile) && statSync(buildFile).mtimeMs >= Math.max(...["app", "schemas", "locales", "remix.config.js", "package.json"].map((source) => newestMtime(path.join(root, source))));

describe.skipIf(!freshBuild)("npm start with two workers (scripts/start.mjs, needs `npm run build`)", () => {
  let redis: ReturnType<typeof started>;
  let site: ReturnType<typeof started>;
  let port = 0;
  let metricsPort = 0;
  beforeAll(async () => {
    // Two workers need Redis (the start rules): one of this test's own, without persistence.
    const redisPort = await freePort();
    redis = started("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { PATH: process.env.PATH, NODE_ENV: "test" });
    await redis.until((lines) => lines.some((line) => line.includes("Ready to accept connections")));
    [port, metricsPort] = [await freePort(), await freePort()];
    site = started(process.execPath, ["scripts/start.mjs"], {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      MOCKS: "true",
      WEB_CONCURRENCY: "2",
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      SESSION_SECRET: "metricas-cluster-session-secret-0123456789abcdef",
      HSTS: "false",
      // The request lines of /healthz are debug lines: they say which worker (pid) answered.
      LOG_LEVEL: "debug",
    });
    const listening = (lines: string[]) => lines.filter((line) => line.includes("Bait web listening")).length === 2;
    await site.until((lines) => listening(lines) && lines.some((line) => line.includes("metrics of every worker")));
    // Listening means ready here (the live config is read before listening); asked once per worker.
    for (let index = 0; index < 2; index += 1) expect((await get(port, "/readyz")).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await redis?.stop();
  });

  const healthLines = (lines: string[]) =>
    lines.flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; route?: string; pid?: number };
        return entry.msg === "request" && entry.route === "/healthz" ? [entry.pid!] : [];
      } catch {
        return [];
      }
    });

  it("serves METRICS_PORT with both workers' requests added up; the site's /metrics is a 404 without the token, the same sum with it", async () => {
    const before = (await get(metricsPort, "/metrics", { authorization: `Bearer ${TOKEN}` })).body;
    const logged = healthLines(site.lines).length;
    for (let index = 0; index < 10; index += 1) expect((await get(port, "/healthz")).status).toBe(200);
    await site.until((lines) => healthLines(lines).length >= logged + 10);
    expect(new Set(healthLines(site.lines).slice(logged)).size, "both workers answered").toBe(2);

    const scrape = await get(metricsPort, "/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(scrape.status).toBe(200);
    expect(valueOf(scrape.body, HEALTH_SERIES) - valueOf(before, HEALTH_SERIES)).toBe(10);
    expect(scrape.body).toContain("nodejs_eventloop_lag_seconds");
    expect((await get(metricsPort, "/metrics")).status).toBe(404);

    for (const headers of [{}, { authorization: "Bearer otro-token-0123456789abcdefghijklmnop" }, { authorization: TOKEN }] as Record<string, string>[]) {
      const answer = await get(port, "/metrics", headers);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain("bait_");
    }
    for (let index = 0; index < 2; index += 1) {
      const answer = await get(port, "/metrics", { authorization: `Bearer ${TOKEN}` });
      expect(answer.status).toBe(200);
      expect(valueOf(answer.body, HEALTH_SERIES) - valueOf(before, HEALTH_SERIES)).toBe(10);
    }
  });
});
