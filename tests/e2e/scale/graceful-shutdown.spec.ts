import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { SESSION_SECRET, ownPort } from "../support/env";

/**
 * A deploy or a scale-down sends SIGTERM (docs/operations.md "Several instances"): the server stops accepting,
 * the requests in flight finish with their answers, and the process leaves on its own. With
 * `npm start` and WEB_CONCURRENCY workers (node:cluster) too: the primary passes the signal on.
 * A device check slowed down to 2 s in the mock upstream is the request in flight. Runs once.
 */

const SLOW_MS = 2_000;
const IMEI = "356938035643809";

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it tests the server, not a page");

async function started(command: string[], port: number, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn("node", command, {
    env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: String(port), SESSION_SECRET, HSTS: "false", ...extraEnv },
    stdio: "ignore",
  });
  await expect.poll(() => fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
  return child;
}

async function inFlightSurvivesSigterm(child: ChildProcess, port: number) {
  const base = `http://127.0.0.1:${port}`;
  const slow = { "core.validateImei": { latencyMs: SLOW_MS } };
  // Every worker's mock world is its own: the switch goes to each one the load reaches.
  for (let i = 0; i < 4; i++) await fetch(`${base}/__mocks/switches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(slow) });

  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const inFlight = fetch(`${base}/api/imei?imei=${IMEI}`).then(async (response) => ({ status: response.status, body: (await response.json()) as { verdict: string } }));
  await new Promise((resolve) => setTimeout(resolve, SLOW_MS / 4));
  child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, SLOW_MS / 4));

  // No new connection is accepted while the request in flight is still being answered.
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(answer.body.verdict).toBe("esim");
  expect(await exited).toBe(0);
}

test("one server: SIGTERM lets the request in flight finish, refuses new ones, and leaves", async () => {
  const port = ownPort(29);
  await inFlightSurvivesSigterm(await started(["--import", "tsx", "server/index.ts"], port), port);
});

test("npm start with two workers (node:cluster): the same, for every worker", async () => {
  const port = ownPort(30);
  const redis = spawn("redis-server", ["--port", String(ownPort(31)), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  try {
    const child = await started(["scripts/start.mjs"], port, { WEB_CONCURRENCY: "2", REDIS_URL: `redis://127.0.0.1:${ownPort(31)}` });
    await inFlightSurvivesSigterm(child, port);
  } finally {
    redis.kill("SIGTERM");
  }
});
