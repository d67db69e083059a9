import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { SESSION_SECRET } from "../support/env";
import { waitForHydration } from "../support/hydration";
import { freePort } from "../../support/free-port";

/**
 * The limits on sending codes (docs/accounts.md "Limits on sending codes"), at their defaults, on
 * two instances of the site over one Redis, as behind a load balancer: a redis-server and two
 * servers of its own per project (free ports), so the suite's shared server (whose limits
 * playwright.config.ts lifts) and its demo lines are not involved. With JavaScript; what one
 * instance answers a browser without it (the messages, the number kept, 429 and Retry-After) is
 * proved at the HTTP level: tests/http/send-limits.test.ts.
 *
 * The hourly limit is shown per client address (every request of a test comes from 127.0.0.1),
 * lowered to 4 sends here so that no test waits out the 30 s between two codes to one number;
 * the per-number hour is proven by app/lib/rate-limit.server.test.ts.
 */

// The seconds left of the 30: how many depends on how fast the machine runs the steps before.
const WAIT_MESSAGE = /^Ya te enviamos un código\. Podrás pedir otro en ([1-9]|[12]\d|30) segundos?\.$/;
const HOUR_MESSAGE = /^Ya pediste todos los códigos que se pueden enviar en una hora\. Podrás pedir otro en (60|59) minutos\.$/;
const SENDS_PER_IP = 4;

const processes: ChildProcess[] = [];
let dataDir = "";
let A = "";
let B = "";

// Two servers to start on a machine that may be busy running the rest of the suite.
test.describe.configure({ mode: "serial", timeout: 240_000 });
let serverLog = "";

async function healthy(base: string) {
  await expect.poll(() => fetch(`${base}/healthz`).then((response) => response.status, () => 0), { timeout: 180_000, message: `${base}\n${serverLog}` }).toBe(200);
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "bait-sends-"));
  const redisPort = await freePort();
  const redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  processes.push(redis);
  await new Promise((resolve, reject) => {
    redis.once("spawn", resolve);
    redis.once("error", (error) => reject(new Error(`redis-server could not start (apt-get install redis-server; .ci/run does it): ${error.message}`)));
  });
  const { OTP_RESEND_SECONDS: _wait, OTP_SENDS_PER_NUMBER: _perNumber, OTP_SENDS_PER_IP: _perIp, ...inherited } = process.env;
  const bases: string[] = [];
  for (const name of ["a", "b"]) {
    const port = String(await freePort());
    bases.push(`http://127.0.0.1:${port}`);
    const server = spawn("node", ["build/server.js"], {
        env: {
          ...inherited,
          NODE_ENV: "production",
          MOCKS: "true",
          PORT: port,
          SESSION_SECRET,
          HSTS: "false",
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          DATA_DIR: path.join(dataDir, name),
          INSTANCE_ID: `sends-${name}`,
          OTP_SENDS_PER_IP: String(SENDS_PER_IP),
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
    server.stderr?.on("data", (chunk: Buffer) => {
      serverLog += chunk.toString();
    });
    processes.push(server);
  }
  [A = "", B = ""] = bases;
  await Promise.all([healthy(A), healthy(B)]);
});

test.afterAll(() => {
  for (const child of processes.splice(0).reverse()) child.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const alertWith = (page: Page, text: RegExp) => page.getByRole("alert").filter({ hasText: text });

/** Step 1 of the recovery of a mobile line on one instance. */
async function askForCode(page: Page, base: string, number: string) {
  await page.goto(`${base}/recuperacion?type=mbb`);
  await waitForHydration(page);
  await field(page, "Número Bait").fill(number);
  await field(page, "Confirma tu número").fill(number);
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
}

/** The same step 1 as a browser without JavaScript posts it, read whole: status and headers. */
const postStep1 = (base: string, number: string) =>
  fetch(`${base}/recuperacion?type=mbb`, {
    method: "POST",
    body: new URLSearchParams({ number, confirmation: number }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    redirect: "manual",
  });

const ALREADY_SENT = /^Ya te enviamos un código; escríbelo abajo\. Podrás pedir otro en ([1-9]|[12]\d|30) segundos?\.$/;
const codesSentTo = async (number: string) => {
  let count = 0;
  // Each instance has its own mock world: the line's codes are the sum of both.
  for (const base of [A, B]) count += ((await (await fetch(`${base}/__mocks/codes-sent?number=${number}`)).json()) as { count: number }).count;
  return count;
};

test("recovery asked twice within the 30 s, in two browsers on both instances: both reach the code step, one code is sent, and the second completes with it", async ({ page, browser, javaScriptEnabled }) => {
  const number = "5512345678";
  await askForCode(page, A, number);
  await expect(page).toHaveURL(`${A}/recuperacion?type=mbb&verification=2`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verifica tu número");

  // Another browser, on the other instance, asks for the same line at once (a tab closed and opened again).
  const other = await browser.newContext({ javaScriptEnabled });
  const second = await other.newPage();
  await askForCode(second, B, number);
  await expect(second).toHaveURL(`${B}/recuperacion?type=mbb&verification=2`);
  await expect(second.getByRole("heading", { level: 1 })).toHaveText("Verifica tu número");
  await expect(second.getByRole("status").filter({ hasText: ALREADY_SENT })).toBeVisible();
  expect(await codesSentTo(number)).toBe(1);
  // The code the person holds works there.
  await field(second, "Código de verificación").fill("1234");
  await second.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(second).toHaveURL(`${B}/recuperacion?type=mbb&verification=3`);
  await other.close();

  // 'Enviar nuevamente' within the 30 s is still refused, with when to ask again.
  await page.getByRole("button", { name: "Enviar nuevamente", exact: true }).click();
  await expect(alertWith(page, WAIT_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(`${A}/recuperacion?type=mbb&verification=2`);
  expect(await codesSentTo(number)).toBe(1);

  // Step 1 posted again (no JavaScript, either instance): on to the code step, nothing sent.
  for (const base of [A, B]) {
    const answer = await postStep1(base, number);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/recuperacion?type=mbb&verification=2");
  }
  // Another flow's first step (a registration of the same number) holds no code: refused, 429 with Retry-After.
  const registration = await fetch(`${B}/registro?type=mbb`, {
    method: "POST",
    body: new URLSearchParams({ number, confirmation: number }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: B },
    redirect: "manual",
  });
  expect(registration.status).toBe(429);
  expect(Number(registration.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(Number(registration.headers.get("retry-after"))).toBeLessThanOrEqual(30);
  expect(await codesSentTo(number)).toBe(1);
});

test("registration started twice within the 30 s, in two browsers: both reach the code step, one code is sent, and the second completes with it", async ({ page, browser, javaScriptEnabled }) => {
  const number = "5523456789";
  const start = async (target: Page, base: string) => {
    await target.goto(`${base}/registro?type=mbb`);
    await waitForHydration(target);
    await field(target, "Número Bait").fill(number);
    await field(target, "Confirma tu número").fill(number);
    await target.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(target).toHaveURL(`${base}/registro?type=mbb&verification=1`);
  };
  await start(page, A);
  const other = await browser.newContext({ javaScriptEnabled });
  const second = await other.newPage();
  await start(second, B);
  await expect(second.getByRole("status").filter({ hasText: ALREADY_SENT })).toBeVisible();
  expect(await codesSentTo(number)).toBe(1);
  await field(second, "Código de verificación").fill("1234");
  await second.getByRole("button", { name: "Verificar número", exact: true }).click();
  await expect(second).toHaveURL(`${B}/completar-registro`);
  await expect(second.getByRole("heading", { level: 1 })).toHaveText("¡Teléfono Verificado!");
  await other.close();
});

test(`after ${SENDS_PER_IP} codes in the hour from one address, through both instances, the next is refused with the hour's message`, async ({ page }) => {
  // The tests above sent two codes from this address; these are the next ones, for lines with an
  // account and without (the recovery then goes on to the registration): every send counts.
  const lines = ["5545678901", "5534567890"];
  for (const [index, number] of lines.entries()) {
    await askForCode(page, index % 2 ? A : B, number);
    await expect(page).toHaveURL(/\/(recuperacion\?type=mbb&verification=2|registro\?type=mbb)$/);
  }
  // (5523456789 got the registration's code moments ago: its 30 s would answer before the hour.)
  await askForCode(page, A, "5566666666");
  await expect(alertWith(page, HOUR_MESSAGE)).toBeVisible();
  await expect(field(page, "Número Bait")).toHaveValue("5566666666");

  const answer = await postStep1(B, "5581112222");
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(3500);
  expect(await answer.text()).toMatch(/Ya pediste todos los códigos que se pueden enviar en una hora\./);
});
