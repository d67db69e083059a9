import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { upstreamEnv } from "../../../mocks/upstream-names";
import { REQUEST_LINK_SECRET, SESSION_SECRET, ownPort } from "../support/env";
import { waitForHydration } from "../support/hydration";

/**
 * The site as production runs it: MOCKS=false, every upstream reached over HTTP at its
 * UPSTREAM_<NAME>_URL, nothing of the mock world in the server's process (no tsx, no msw). The
 * upstreams are the mock world served by a process of its own (mocks/standalone.ts). Everything
 * else in the suite runs with the mock world inside the server, which can hide what only a plain
 * Node server meets: a module the server build imports that Node itself cannot resolve once no
 * loader of the mock world is registered stopped the production server at start.
 */

// Ports of its own in this checkout's range (support/env.ts): 35 and 36 are the studio specs' previews.
const UPSTREAM_PORT = ownPort(46);
const SITE_PORT = ownPort(47);
const UPSTREAM = `http://127.0.0.1:${UPSTREAM_PORT}`;
const SITE = `http://127.0.0.1:${SITE_PORT}`;

const processes: ChildProcess[] = [];
/** Without Redis, a server with real upstreams keeps its state in DATA_DIR's journal. */
const dataDir = mkdtempSync(path.join(tmpdir(), "bait-real-upstream-"));
let serverLog = "";

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it tests the servers, not a page");

async function healthy(url: string) {
  await expect.poll(() => fetch(url).then((response) => response.status, () => 0), { timeout: 60_000, message: `${url}\n${serverLog}` }).toBe(200);
}

test.beforeAll(async () => {
  if (test.info().project.name !== "js") return;
  const upstream = spawn("node", ["--import", "tsx", "mocks/standalone.ts"], { env: { ...process.env, PORT: String(UPSTREAM_PORT), SESSION_SECRET }, stdio: "ignore" });
  processes.push(upstream);
  await healthy(`${UPSTREAM}/healthz`);
  const site = spawn("node", ["build/server.js"], {
    env: { ...process.env, ...upstreamEnv(UPSTREAM), NODE_ENV: "production", MOCKS: "false", PORT: String(SITE_PORT), SESSION_SECRET, REQUEST_LINK_SECRET, DATA_DIR: dataDir, HSTS: "false", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  site.stderr?.on("data", (chunk: Buffer) => {
    serverLog += chunk.toString();
  });
  processes.push(site);
  // Ready, not only alive: its config read and its journal open.
  await healthy(`${SITE}/readyz`);
});

test.afterAll(() => {
  for (const child of processes.reverse()) child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("with MOCKS=false the server starts and serves the home page and the catalogue from upstreams over HTTP", async ({ page }) => {
  const home = await page.goto(`${SITE}/`);
  expect(home?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const catalogue = await page.goto(`${SITE}/recargas`);
  expect(catalogue?.status()).toBe(200);
  await expect(page.getByRole("link", { name: /Bait 50/ }).first()).toBeVisible();
});

test("a customer logs in through the upstream over HTTP and sees their balance on /home", async ({ page }) => {
  await page.goto(`${SITE}/login`);
  await waitForHydration(page);
  await page.getByLabel("Número Bait", { exact: true }).fill("5512345678");
  await page.getByLabel("Contraseña", { exact: true }).fill("Bait2024!");
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expect(page).toHaveURL(`${SITE}/home`);
  await expect(page.locator("main").getByText("Hola, Ana", { exact: true })).toBeVisible();
  await expect(page.locator(".balance-list__item").first()).toContainText("disponibles");
});
