import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../../../mocks/fixtures/demo";
import { upstreamEnv } from "../../../mocks/upstream-names";
import { REQUEST_LINK_SECRET, SESSION_SECRET, ownPort } from "../support/env";

/** Its servers' ports are `PORT + n`, counted from this checkout's own range (support/env.ts). */
const PORT = ownPort(0);

/**
 * Production refuses to run unsafely (docs/operations.md "Production"): servers of their own, started as a
 * deploy starts them. A refusal stops the server before it listens, with exit code 1 and one
 * Spanish line naming the variable (each refusal's line: app/lib/boot-rules-refusals.test.ts); with an upstream address the mock world is off (its
 * routes do not exist) and a session cookie minted on a demo server opens nothing; `npm start`
 * with nothing set serves the demo and says so; behind one proxy, the per-address login limit
 * holds when the leftmost X-Forwarded-For entry changes on every request. Runs once (js project).
 */

const UPSTREAM = `http://127.0.0.1:${PORT + 10}`;
const REAL = `http://127.0.0.1:${PORT + 11}`;
const DEMO = `http://127.0.0.1:${PORT + 12}`;
const PROXIED = `http://127.0.0.1:${PORT + 13}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it tests the servers, not a page");

/** This process's environment without any setting the tests decide (MOCKS, secrets, upstreams, proxies), plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(result)) {
    if (/^(MOCKS|SESSION_SECRET|REQUEST_LINK_SECRET|REQUEST_LINK_PREVIOUS_SECRETS|TRUST_PROXY|WEB_CONCURRENCY|REDIS_URL|DATA_DIR|NODE_ENV|PORT|UPSTREAM_.*)$/.test(name)) Reflect.deleteProperty(result, name);
  }
  return Object.assign(result, { HSTS: "false" }, env);
}
const realUpstreams = upstreamEnv(UPSTREAM);
/** The 'Pide tu recarga' links' secret, which real upstreams require (docs/request-link.md). */
const LINKS = { REQUEST_LINK_SECRET };
/** Where a server with real upstreams keeps its state without Redis (one per spec run). */
const DATA_DIR = mkdtempSync(path.join(tmpdir(), "bait-boot-"));

const processes: ChildProcess[] = [];
const output = new Map<ChildProcess, string>();

function start(args: string[], env: Record<string, string>) {
  const child = spawn("node", args, { env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  output.set(child, "");
  const keep = (chunk: Buffer) => output.set(child, output.get(child) + chunk.toString());
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  processes.push(child);
  return child;
}

async function healthy(base: string, child: ChildProcess) {
  try {
    await expect.poll(() => fetch(`${base}/healthz`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
  } catch {
    throw new Error(`${base} did not start:\n${output.get(child)}`);
  }
}

/** The script run to its end with these settings: its exit code and what it wrote on stderr. */
function refusal(script: string, env: Record<string, string>) {
  const run = spawnSync("node", [script], { env: childEnv({ PORT: String(PORT + 14), ...env }), encoding: "utf8", timeout: 60_000 });
  return { status: run.status, lines: run.stderr.trim().split("\n"), stdout: run.stdout };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

test.afterAll(() => {
  for (const child of processes.reverse()) child.kill("SIGTERM");
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test("a refusal stops the server before it listens: exit code 1 and its one line on stderr, no stack trace", () => {
  // The deepest refusal: past the start rules, the app's own check of the environment
  // (app/lib/env.server.ts, read as the mock world and the build load) refuses a value. Each refusal's line, for every
  // setting a deploy is refused with, is app/lib/boot-rules-refusals.test.ts's.
  const { status, lines, stdout } = refusal("build/server.js", { NODE_ENV: "production", UPSTREAM_TIMEOUT_MS: "pronto", LOG_LEVEL: "info" });
  const what = `${lines.join("\n")}\n${stdout}`;
  expect(status, what).toBe(1);
  expect(lines, what).toHaveLength(1);
  expect(lines[0], what).toMatch(/^UPSTREAM_TIMEOUT_MS: /);
  // It never said it listens.
  expect(stdout, what).not.toMatch(/listening on/);
});

test("with upstream addresses and a strong secret the mock world is off: no /__mocks/* route, and a cookie minted on a demo server is anonymous", async () => {
  // The mock world as an upstream of its own (mocks/standalone.ts), as in real-upstream.spec.ts.
  start(["--import", "tsx", "mocks/standalone.ts"], { PORT: String(PORT + 10), SESSION_SECRET });
  const real = start(["build/server.js"], { NODE_ENV: "production", ...realUpstreams, SESSION_SECRET, ...LINKS, DATA_DIR, PORT: String(PORT + 11), LOG_LEVEL: "warn" });
  // A demo server, as `npm start` runs with nothing set: the demo secret signs its sessions.
  const demo = start(["build/server.js"], { NODE_ENV: "production", PORT: String(PORT + 12), LOG_LEVEL: "warn" });
  await expect.poll(() => fetch(`${UPSTREAM}/healthz`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
  await healthy(REAL, real);
  await healthy(DEMO, demo);

  for (const [method, path] of [["POST", "/__mocks/reset"], ["POST", "/__mocks/session"], ["GET", "/__mocks/leads"], ["GET", "/__mocks/sso/login"]] as const) {
    const response = await fetch(REAL + path, { method, headers: { "content-type": "application/json" }, body: method === "POST" ? JSON.stringify({ number: "5512345678" }) : undefined });
    expect(response.status, `${method} ${path}`).toBe(404);
  }
  expect((await fetch(`${DEMO}/__mocks/reset`, { method: "POST" })).status).toBe(204);

  // Ana logs in on the demo server; her cookie opens her /home there…
  const login = await fetch(`${DEMO}/login`, { method: "POST", body: form({ number: "5512345678", password: DEMO_PASSWORD }), redirect: "manual" });
  expect(login.status, await login.clone().text().then((text) => text.slice(0, 300))).toBeGreaterThanOrEqual(300);
  const cookie = login.headers.getSetCookie().map((entry) => entry.split(";")[0]).join("; ");
  expect(cookie).toContain("bait_session=");
  const home = await fetch(`${DEMO}/home`, { headers: { cookie }, redirect: "manual" });
  expect(home.status).toBe(200);
  // …and nothing on a server with a real upstream: an anonymous visitor, sent away as one without a cookie is.
  const elsewhere = await fetch(`${REAL}/home`, { headers: { cookie }, redirect: "manual" });
  const anonymous = await fetch(`${REAL}/home`, { redirect: "manual" });
  expect(anonymous.status).toBeGreaterThanOrEqual(300);
  expect(anonymous.status).toBeLessThan(400);
  expect([elsewhere.status, elsewhere.headers.get("location")]).toEqual([anonymous.status, anonymous.headers.get("location")]);
  expect(output.get(real)).not.toMatch(/"level":(50|60)/);
});

test("npm start with nothing set serves the demo and says so with a warning", async () => {
  const demo = start(["scripts/start.mjs"], { PORT: String(PORT + 15), LOG_LEVEL: "info" });
  await healthy(`http://127.0.0.1:${PORT + 15}`, demo);
  expect((await fetch(`http://127.0.0.1:${PORT + 15}/__mocks/reset`, { method: "POST" })).status).toBe(204);
  const warning = (output.get(demo) ?? "").split("\n").find((line) => line.includes('"level":40'));
  expect(warning, output.get(demo)).toMatch(/DEMO: mock world/);
  // The demo's state is memory, and it says so: a restart forgets sessions and payments under way.
  expect(warning, output.get(demo)).toMatch(/state in memory: a restart forgets sessions and payments under way/);
});

test("behind one proxy (TRUST_PROXY=1) the per-address login limit holds when the leftmost X-Forwarded-For changes on every request", async () => {
  const proxied = start(["build/server.js"], { NODE_ENV: "production", MOCKS: "true", SESSION_SECRET, TRUST_PROXY: "1", PORT: String(PORT + 13), LOG_LEVEL: "warn" });
  await healthy(PROXIED, proxied);
  const client = "203.0.113.77";
  const forged = () => `${randomInt(1, 223)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
  /** A wrong password for a number of its own, through the proxy, which appends the client's address at the right. */
  const attempt = (from: string) =>
    fetch(`${PROXIED}/login`, {
      method: "POST",
      body: form({ number: `55${String(randomInt(10_000_000, 99_999_999))}`, password: "equivocada-1" }),
      headers: { "x-forwarded-for": `${forged()}, ${forged()}, ${from}` },
      redirect: "manual",
    }).then((response) => response.status);
  const statuses: number[] = [];
  // 100 failed logins per address in 15 minutes (app/lib/rate-limit.server.ts LIMITS.perIp).
  for (let index = 0; index < 101; index += 1) {
    const status = await attempt(client);
    statuses.push(status);
    if (status === 429) break;
  }
  expect(statuses.at(-1), `statuses: ${statuses.join(",")}`).toBe(429);
  expect(statuses.length).toBe(101);
  expect(await attempt(client)).toBe(429);
  // The limit is the client's, not everyone's: another client behind the same proxy still gets in.
  expect(await attempt("203.0.113.78")).not.toBe(429);
});
