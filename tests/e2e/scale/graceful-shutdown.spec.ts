import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { upstreamEnv } from "../../../mocks/upstream-names";
import { REQUEST_LINK_SECRET, SESSION_SECRET, ownPort } from "../support/env";

/**
 * A deploy or a scale-down sends SIGTERM (docs/operations.md "Several instances"): the server stops accepting,
 * the requests in flight finish with their answers, and the process leaves on its own. With
 * `npm start` and WEB_CONCURRENCY workers (node:cluster) too: the primary passes the signal on.
 * The request in flight is a device check that the mock upstream holds until the test releases
 * it: the upstream is a process of its own (mocks/standalone.ts), so the release reaches it while
 * the server accepts nothing. How long a drain takes is measured by `npm run bench -- shutdown`,
 * not here. Runs once.
 */

const IMEI = "356938035643809";
const UPSTREAM = `http://127.0.0.1:${ownPort(38)}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it tests the server, not a page");

const processes: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "bait-shutdown-"));

const mock = (method: "GET" | "POST", route: string, body?: unknown) =>
  fetch(`${UPSTREAM}${route}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
const heldCount = async () => ((await (await mock("GET", "/__mocks/held")).json()) as { count: number }).count;

/** Whether the port accepts a new connection (a fresh TCP connection, never a pooled one). */
const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

test.beforeAll(async () => {
  if (test.info().project.name !== "js") return;
  processes.push(spawn("node", ["--import", "tsx", "mocks/standalone.ts"], { env: { ...process.env, PORT: new URL(UPSTREAM).port, SESSION_SECRET }, stdio: "ignore" }));
  await expect.poll(() => fetch(`${UPSTREAM}/healthz`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
});

test.afterAll(() => {
  for (const child of processes.reverse()) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function started(command: string[], port: number, extraEnv: Record<string, string>): Promise<ChildProcess> {
  const child = spawn("node", command, {
    env: { ...process.env, ...upstreamEnv(UPSTREAM), NODE_ENV: "production", MOCKS: "false", PORT: String(port), SESSION_SECRET, REQUEST_LINK_SECRET, HSTS: "false", LOG_LEVEL: "warn", ...extraEnv },
    stdio: "ignore",
  });
  processes.push(child);
  await expect.poll(() => fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
  return child;
}

async function inFlightSurvivesSigterm(child: ChildProcess, port: number) {
  const base = `http://127.0.0.1:${port}`;
  await mock("POST", "/__mocks/reset");
  await mock("POST", "/__mocks/switches", { "core.validateImei": { hold: true } });

  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const inFlight = fetch(`${base}/api/imei?imei=${IMEI}`).then(async (response) => ({ status: response.status, body: (await response.json()) as { verdict: string } }));
  // The server has asked the upstream, which holds the call: the request is in flight.
  await expect.poll(heldCount).toBe(1);
  child.kill("SIGTERM");

  // No new connection is accepted while the request in flight is still being answered.
  await expect.poll(() => accepting(port), { message: "the server still accepts connections after SIGTERM" }).toBe(false);
  expect(child.exitCode, "the server left before answering the request in flight").toBeNull();

  await mock("POST", "/__mocks/release");
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(answer.body.verdict).toBe("esim");
  expect(await exited).toBe(0);
}

test("one server: SIGTERM lets the request in flight finish, refuses new ones, and leaves", async () => {
  const port = ownPort(29);
  await inFlightSurvivesSigterm(await started(["build/server.js"], port, { DATA_DIR: dataDir }), port);
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
