import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SESSION_SECRET, ownPort } from "../support/env";

/**
 * No lead is ever lost (docs/leads.md "No lead is ever lost"), at the level of the process: a
 * lead saved while the upstream refuses, the server killed before it could deliver it, the
 * server started again on the same DATA_DIR with the upstream answering again: the lead arrives,
 * once. The suite's own server cannot be stopped, so this test runs two of its own, one after
 * the other, on a port of its own. The mock upstream lives in the server's process: the first
 * one's switch makes it refuse the lead, the second one's starts without it (recovered).
 * What the test waits for is what the server tells: its metrics count the upstream's refusals
 * (docs/operations.md "Metrics"), its outbox file records the acknowledgement (docs/leads.md
 * "The store").
 */

const OWN_PORT = ownPort(19);
const BASE = `http://localhost:${OWN_PORT}`;
const PHONE = "5561234567";
/** The servers' METRICS_TOKEN: their /metrics answer the test only. */
const METRICS_TOKEN = randomBytes(32).toString("hex");

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ baseURL: BASE });

let dataDir = "";
let server: ChildProcess | undefined;

async function startServer() {
  // The file store (no REDIS_URL): its DATA_DIR is what outlives the process.
  const { REDIS_URL: _redis, ...inherited } = process.env;
  server = spawn("node", ["build/server.js"], {
    env: { ...inherited, NODE_ENV: "production", MOCKS: "true", PORT: String(OWN_PORT), SESSION_SECRET, HSTS: "false", DATA_DIR: dataDir, METRICS_TOKEN },
    stdio: "ignore",
  });
  // One that could not listen (the port taken) exits: never test whatever else answers there.
  const spawned = server;
  for (let tries = 0; tries < 160; tries += 1) {
    if (spawned.exitCode !== null) throw new Error(`el servidor de prueba salió con código ${spawned.exitCode}`);
    if (
      await fetch(`${BASE}/healthz`)
        .then((response) => response.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("el servidor de prueba no arrancó");
}

/** A crash, not a shutdown: nothing gets the chance to finish. */
async function killServer() {
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGKILL");
  await exited;
}

/** How many calls to the core upstream (the lead's) this server has seen refused with a 5xx. */
async function refusedCoreCalls(): Promise<number> {
  const text = await (await fetch(`${BASE}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split("\n").find((entry) => entry.startsWith("bait_upstream_request_duration_seconds_count{") && entry.includes('upstream="core"') && entry.includes('outcome="http_5xx"'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** Whether the outbox's file (docs/leads.md "The store") holds the acknowledgement of the lead `id`. */
function acknowledged(id: string): boolean {
  const file = path.join(dataDir, "leads.log");
  return existsSync(file) && readFileSync(file, "utf8").includes(JSON.stringify({ ack: id }));
}

const received = async () => (await (await fetch(`${BASE}/__mocks/leads`)).json()) as Array<{ nombre: string; telefono: string; tipo: number; idempotencyKey?: string }>;

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "bait-leads-"));
});

test.afterAll(async () => {
  await killServer();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a lead saved while the upstream refuses survives a crash and is delivered exactly once after the restart", async ({ page }) => {
  await startServer();
  await fetch(`${BASE}/__mocks/switches`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ "core.contactLead": { status: 503 } }) });

  await page.goto("/promociones?contacto=telefono");
  const form = page.locator("form#contacto-telefono");
  await form.getByLabel("Nombre", { exact: true }).fill("Rosa Martínez");
  await form.getByLabel("Número de teléfono", { exact: true }).fill(PHONE);
  await form.getByLabel("Confirma tu número de teléfono", { exact: true }).fill(PHONE);
  await form.getByLabel(/Acepto el aviso de privacidad/).check();
  await form.getByRole("button", { name: "ENVIAR DATOS", exact: true }).click();
  await expect(page.getByText("Hemos guardado tus datos, a la brevedad uno de nuestros agentes se pondrá en contacto contigo vía Telefónica.", { exact: true })).toBeVisible();

  // The upstream refuses every attempt: the first at once, the next after a second's backoff.
  await expect.poll(refusedCoreCalls, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(await received()).toEqual([]);
  await killServer();

  // Started again on the same DATA_DIR: the upstream answers again, the pending lead goes out.
  await startServer();
  await expect.poll(async () => (await received()).length, { timeout: 60_000 }).toBe(1);
  const [lead] = await received();
  expect(lead).toMatchObject({ nombre: "Rosa Martínez", telefono: PHONE, tipo: 1 });
  expect(lead?.idempotencyKey).toBeTruthy();
  // And only once: its acknowledgement is on disk, so the lead is no longer pending and nothing
  // sends it again (the outbox delivers pending entries only: app/lib/outbox.server.test.ts).
  await expect.poll(() => acknowledged(lead!.idempotencyKey!)).toBe(true);
  expect(await received()).toHaveLength(1);
});
