import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { fillCardForm } from "../support/card";
import { SESSION_SECRET, ownPort } from "../support/env";

/**
 * Many instances behave as one (docs/operations.md "Several instances"): a real redis-server (Debian's
 * redis-server; .ci/run installs it) and two servers of the site on it, as behind a load
 * balancer. An attempt limit reached on one is enforced by the other; one pay form posted to both
 * charges once. Each server has its own mock upstream in its process, so charges are counted on
 * both. Runs once (in the js project); the checkout itself is driven without JavaScript.
 */

const REDIS_PORT = ownPort(26);
const A = `http://127.0.0.1:${ownPort(27)}`;
const B = `http://127.0.0.1:${ownPort(28)}`;
const TOO_MANY = "Has hecho demasiados intentos. Espera 15 minutos y vuelve a intentarlo.";

const processes: ChildProcess[] = [];
let dataDir = "";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it tests the servers, not a page");

/** Ready (/readyz): Redis answers it, so neither instance is tested before it shares its state. */
async function ready(base: string) {
  await expect.poll(() => fetch(`${base}/readyz`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
}

test.beforeAll(async () => {
  if (test.info().project.name !== "js") return;
  dataDir = mkdtempSync(path.join(tmpdir(), "bait-two-"));
  const redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  processes.push(redis);
  await new Promise((resolve, reject) => {
    redis.once("spawn", resolve);
    redis.once("error", (error) => reject(new Error(`redis-server could not start (apt-get install redis-server; .ci/run does it): ${error.message}`)));
  });
  for (const base of [A, B]) {
    const port = new URL(base).port;
    processes.push(
      spawn("node", ["build/server.js"], {
        env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: port, SESSION_SECRET, HSTS: "false", REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, DATA_DIR: path.join(dataDir, port), INSTANCE_ID: `instance-${port}` },
        stdio: "ignore",
      }),
    );
  }
  await Promise.all([ready(A), ready(B)]);
});

test.afterAll(() => {
  for (const child of processes.reverse()) child.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const postForm = (base: string, pathname: string, fields: Record<string, string> | URLSearchParams, cookie = "") =>
  fetch(base + pathname, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) }, redirect: "manual" });

test("failed logins counted on one instance lock the number on the other", async () => {
  const number = "5545678901";
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await postForm(A, "/login?type=mbb", { number, password: `Incorrecta${attempt}!` });
    expect(answer.status).toBeLessThan(500);
    expect(await answer.text()).not.toContain(TOO_MANY);
  }
  const refused = await postForm(B, "/login?type=mbb", { number, password: "Bait2024!" });
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain(TOO_MANY);
});

test("one pay form posted to both instances at once charges once, and both answer the same", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: A });
  const page = await context.newPage();
  await page.goto("/recargas?recarga=BAIT50");
  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill("5512345678");
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill("dos.instancias@example.com");
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  // Without JavaScript the card is typed on the provider's hosted payment page, which brings the visitor back to the summary.
  await fillCardForm(page, "4111111111111111", { js: false });
  const pay = page.locator("form#pay");
  await pay.getByLabel(/Aviso de Privacidad/).check();
  await pay.getByLabel(/Términos y Condiciones/).check();

  // The form 'Pagar' would send, as the browser would send it, to both instances at the same moment.
  const fields = await pay.evaluate((form: HTMLFormElement) => {
    const submitter = [...form.querySelectorAll<HTMLButtonElement>("button[type=submit], button:not([type])")].find((button) => /^Pagar/.test(button.textContent?.trim() ?? ""));
    return [...new FormData(form, submitter).entries()].map(([name, value]) => [name, String(value)] as [string, string]);
  });
  const action = new URL((await pay.getAttribute("action")) ?? "/pago", A);
  const cookie = (await context.cookies(A)).map(({ name, value }) => `${name}=${value}`).join("; ");
  const body = new URLSearchParams(fields);
  const [first, second] = await Promise.all([postForm(A, action.pathname + action.search, body, cookie), postForm(B, action.pathname + action.search, body, cookie)]);

  const charges = [...(await (await fetch(`${A}/__mocks/charges`)).json()), ...(await (await fetch(`${B}/__mocks/charges`)).json())] as Array<{ approved: boolean }>;
  expect(charges).toHaveLength(1);
  expect(charges[0]?.approved).toBe(true);
  expect([first.status, second.status]).toEqual([303, 303]);
  expect(first.headers.get("location")).toBe("/pago/completado");
  expect(second.headers.get("location")).toBe("/pago/completado");
  await context.close();
});
