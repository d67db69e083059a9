import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { upstreamEnv } from "../../../mocks/upstream-names";
import { fillCardForm } from "../support/card";
import { acceptCookies } from "../support/cookies";
import { REQUEST_LINK_SECRET, SESSION_SECRET, ownPort } from "../support/env";
import { waitForHydration } from "../support/hydration";

/**
 * A payment the site was charging when it died (docs/payment.md "States of a payment"): the app
 * as production runs it (MOCKS=false, the mock world in a process of its own, mocks/standalone.ts),
 * the provider holding `/cobrar`, the app killed (SIGKILL) while it holds, started again, and the
 * visitors doing what a person does: open /pago again. With Redis and with the one-machine
 * journal under DATA_DIR: every sale is charged at most once, the charged visitor is told so
 * (the confirmation), the declined one is told so (and never sees a success). Then a deploy
 * (SIGTERM) during the hold: the charge completes and the visitor's post gets its verdict while
 * the next instance takes over the port. Runs once, in the js project: the card is sealed in the
 * browser.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const UPSTREAM_PORT = ownPort(56);
const SITE_PORT = ownPort(57);
const REDIS_PORT = ownPort(58);
const UPSTREAM = `http://127.0.0.1:${UPSTREAM_PORT}`;
const SITE = `http://localhost:${SITE_PORT}`;

const APPROVED_CARD = "4111111111111111";
const DECLINED_CARD = "4000000000000002";
const SUCCESS = "Felicidades, se ha completado tu pago.";
const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it tests the servers and the card sealed in the browser");

const processes: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "bait-chaos-"));
let siteLog = "";

async function healthy(url: string, what = url) {
  await expect.poll(() => fetch(url).then((response) => response.status, () => 0), { timeout: 60_000, message: `${what}\n${siteLog.slice(-3000)}` }).toBe(200);
}

type Store = { REDIS_URL: string } | { DATA_DIR: string };

/**
 * The site on real upstreams: one process (server/index.ts), or `npm start`'s launcher with two
 * workers (node:cluster), in a process group of its own so that a deploy's SIGTERM reaches the
 * whole group, as systemd or a container runtime sends it.
 */
function startSite(store: Store, { workers = 0 } = {}): ChildProcess {
  const command = workers ? ["scripts/start.mjs"] : ["--import", "tsx", "server/index.ts"];
  const site = spawn("node", command, {
    env: { ...process.env, ...upstreamEnv(UPSTREAM), ...store, ...(workers ? { WEB_CONCURRENCY: String(workers) } : {}), NODE_ENV: "production", MOCKS: "false", PORT: String(SITE_PORT), SESSION_SECRET, REQUEST_LINK_SECRET, HSTS: "false", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: workers > 0,
  });
  site.stderr?.on("data", (chunk: Buffer) => (siteLog += chunk.toString()));
  processes.push(site);
  return site;
}

const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code))));

async function mock(method: "GET" | "POST", route: string, body?: unknown) {
  const response = await fetch(`${UPSTREAM}${route}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return response.status === 204 ? null : response.json();
}
type MockCharge = { approved: boolean; phone: string; saleUuid: string };
const chargesOf = async (phone: string) => ((await mock("GET", "/__mocks/charges")) as MockCharge[]).filter((charge) => charge.phone === phone);
/** Holds every /cobrar for `ms` in the provider before it decides. */
const holdCharges = (ms: number) => mock("POST", "/__mocks/switches", { "payments.charge": { latencyMs: ms } });
const chargesInFlight = async () => ((await mock("GET", "/__mocks/charges-in-flight")) as { count: number }).count;

/** What the site answered a visitor's post, read before the browser followed it. */
type PostAnswer = { status: number; location: string; body: string };

/** A visitor with a Bait 150 recharge of `line` at /pago, the card typed, at 'Confirma tu pago' with the consents ticked. */
async function visitorReadyToPay(browser: Browser, line: string, card: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: SITE });
  await acceptCookies(context, SITE);
  const page = await context.newPage();
  await page.goto("/recargas?recarga=BAIT150");
  const dialog = page.getByRole("dialog", { name: "Bait 150", exact: true });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill(line);
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(`caos.${line}@example.com`);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await waitForHydration(page);
  await fillCardForm(page, card, { js: true });
  await page.locator("form#card").getByRole("button", { name: "Siguiente", exact: true }).click();
  const pay = page.locator("form#pay");
  await pay.getByLabel(/Aviso de Privacidad/).check();
  await pay.getByLabel(/Términos y Condiciones/).check();
  return page;
}
const payButton = (page: Page) => page.locator("form#pay").getByRole("button", { name: /^Pagar/ });

test.beforeAll(async () => {
  const upstream = spawn("node", ["--import", "tsx", "mocks/standalone.ts"], { env: { ...process.env, PORT: String(UPSTREAM_PORT), SESSION_SECRET }, stdio: "ignore" });
  processes.push(upstream);
  const redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  processes.push(redis);
  await healthy(`${UPSTREAM}/healthz`);
});

test.afterAll(() => {
  for (const child of processes.reverse()) {
    // A launcher's workers go with its group.
    if (child.spawnargs.includes("scripts/start.mjs") && child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    else child.kill("SIGKILL");
  }
  rmSync(dataDir, { recursive: true, force: true });
});

for (const [name, store] of [
  ["Redis (REDIS_URL)", { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}` }],
  ["the journal of one machine (DATA_DIR)", { DATA_DIR: dataDir }],
] as const) {
  test(`${name}: the app killed while the provider charges; each visitor reopens /pago, is charged at most once and told how it ended`, async ({ browser }) => {
    await mock("POST", "/__mocks/reset");
    let site = startSite(store);
    await healthy(`${SITE}/healthz`, "the site");
    const approvedLine = "5512345678";
    const declinedLine = "5523456789";
    const [payer, declined] = await Promise.all([visitorReadyToPay(browser, approvedLine, APPROVED_CARD), visitorReadyToPay(browser, declinedLine, DECLINED_CARD)]);

    await holdCharges(3_000);
    await Promise.all([payButton(payer).click(), payButton(declined).click()]);
    // Both charges reached the provider, which holds them: the site dies now.
    await expect.poll(chargesInFlight, { timeout: 30_000 }).toBe(2);
    site.kill("SIGKILL");
    await exited(site);
    await mock("POST", "/__mocks/switches", { "payments.charge": {} });

    site = startSite(store);
    await healthy(`${SITE}/healthz`, "the site, started again");
    // What a person does: open the checkout again.
    for (const page of [payer, declined]) await page.goto("/pago");

    // The charged visitor gets the confirmation (at once, or after "Estamos confirmando tu pago…").
    await expect(payer.getByText(SUCCESS)).toBeVisible({ timeout: 30_000 });
    await expect(payer).toHaveURL((url) => url.pathname === "/pago/completado");
    // The declined one is told so, with the card step to try another card; never a success.
    await expect(declined.getByRole("alert").filter({ hasText: DECLINED })).toBeVisible({ timeout: 30_000 });
    await expect(declined.getByText(SUCCESS)).toHaveCount(0);
    await expect(declined.locator("form#card")).toBeVisible();

    // The provider's record: one approved charge for the payer's sale, none for the declined card's.
    const paid = await chargesOf(approvedLine);
    expect(paid.filter((charge) => charge.approved)).toHaveLength(1);
    expect(paid).toHaveLength(1);
    const refused = await chargesOf(declinedLine);
    expect(refused.filter((charge) => charge.approved)).toHaveLength(0);

    // A reload of the confirmation shows it again; the checkout has no sale to charge any more.
    await payer.reload();
    await expect(payer.getByText(SUCCESS)).toBeVisible();
    expect((await chargesOf(approvedLine)).filter((charge) => charge.approved)).toHaveLength(1);

    await payer.context().close();
    await declined.context().close();
    site.kill("SIGTERM");
    await exited(site);
  });
}

test("a deploy (SIGTERM to npm start's process group, two workers) while the provider charges: the charge completes, the post gets its verdict, and the next instance shows the confirmation", async ({ browser }) => {
  await mock("POST", "/__mocks/reset");
  const store = { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}` };
  const old = startSite(store, { workers: 2 });
  await healthy(`${SITE}/healthz`, "the site");
  const line = "5512345678";
  const page = await visitorReadyToPay(browser, line, APPROVED_CARD);

  // Longer than the 10 s a deploy used to wait, within DRAIN_SECONDS (20 s).
  await holdCharges(12_000);
  // The post's answer, read as it arrives: once the browser has followed the verdict to the
  // confirmation, Chromium no longer has the body of the response it navigated away from.
  let settle: { resolve: (answer: PostAnswer) => void; reject: (error: unknown) => void } | undefined;
  const answered = new Promise<PostAnswer>((resolve, reject) => (settle = { resolve, reject }));
  answered.catch(() => undefined); // awaited below, after the deploy's signal
  await page.route(
    (url) => url.pathname.startsWith("/pago"),
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      try {
        const response = await route.fetch({ timeout: 60_000, maxRedirects: 0 });
        const body = await response.text();
        settle?.resolve({ status: response.status(), location: response.headers().location ?? "", body });
        await route.fulfill({ response, body });
      } catch (error) {
        settle?.reject(error);
        await route.abort().catch(() => undefined);
      }
    },
  );
  await payButton(page).click();
  await expect.poll(chargesInFlight, { timeout: 30_000 }).toBe(1);
  // The whole group: the launcher passes it on to its workers, which get it twice.
  process.kill(-old.pid!, "SIGTERM");
  // The old instance stops listening at once; the next one takes the port while the old one drains.
  const next = startSite(store);
  const answer = await answered;
  expect(answer.status, siteLog.slice(-2000)).toBeLessThan(400);
  // The verdict, not a dropped connection: the action's redirect to the confirmation (single fetch encodes it in the body).
  expect(`${answer.location} ${answer.body}`).toContain("/pago/completado");
  expect(await exited(old)).toBe(0);
  await healthy(`${SITE}/healthz`, "the next instance");
  // On a loaded machine the next instance may still be starting when the browser follows the
  // redirect: that navigation finds no server and shows the error page, and the visitor's reload
  // reaches the next instance, which shows the confirmation.
  const failed = page.getByRole("heading", { level: 1, name: "Algo salió mal" });
  await expect(page.getByText(SUCCESS).or(failed)).toBeVisible({ timeout: 30_000 });
  if (await failed.isVisible()) await page.reload();
  await expect(page.getByText(SUCCESS)).toBeVisible({ timeout: 30_000 });
  expect((await chargesOf(line)).filter((charge) => charge.approved)).toHaveLength(1);
  await mock("POST", "/__mocks/switches", { "payments.charge": {} });
  await page.context().close();
  next.kill("SIGTERM");
  await exited(next);
});
