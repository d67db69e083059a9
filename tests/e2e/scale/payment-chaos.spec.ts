import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
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
 * as production runs it (MOCKS=false, the mock world in a process of its own, mocks/standalone.ts,
 * so that it outlives the app's processes and every instance charges against one provider), the
 * provider holding `/cobrar` until the test releases it (a `hold` switch, POST /__mocks/release),
 * the app killed (SIGKILL) while it holds, started again, and the visitors doing what a person
 * does: open /pago again. With Redis and with the one-machine journal under DATA_DIR (what the
 * payment ledger survives in): every sale is charged at most once, the visitor is told the
 * payment is being confirmed while the provider still holds it, then the charged visitor gets the
 * confirmation and the declined one is told so (and never sees a success). Then a deploy (SIGTERM)
 * during the hold: the old instance stops accepting, the next one starts and is ready, and only
 * then does the provider decide: the charge completes once, the old instance answers the post its
 * verdict and leaves, and the next instance shows the confirmation. No step waits for a guessed
 * delay: each waits for an event (a charge held, a port closed, /readyz, a decision recorded).
 * How long a drain or a start takes is measured by `npm run bench -- shutdown`
 * (docs/operations.md "Several instances"), not raced here. Runs once, in the js project: the card
 * is sealed in the browser.
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
const CONFIRMING = "Estamos confirmando tu pago…";
/** How often the confirming page looks at the payment again (app/features/payment/checkout-view.tsx). */
const CONFIRMING_POLL_MS = 4_000;

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it tests the servers and the card sealed in the browser");

const processes: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "bait-chaos-"));
let siteLog = "";

async function healthy(url: string, what = url) {
  await expect.poll(() => fetch(url).then((response) => response.status, () => 0), { timeout: 60_000, message: `${what}\n${siteLog.slice(-3000)}` }).toBe(200);
}

/** Whether anything accepts a new connection on the site's port (a fresh TCP connection, never a pooled one). */
const accepting = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(SITE_PORT, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

type Store = { REDIS_URL: string } | { DATA_DIR: string };

/**
 * The site on real upstreams: one process (build/server.js), or `npm start`'s launcher with two
 * workers (node:cluster), in a process group of its own so that a deploy's SIGTERM reaches the
 * whole group, as systemd or a container runtime sends it.
 */
function startSite(store: Store, { workers = 0, env = {} }: { workers?: number; env?: Record<string, string> } = {}): ChildProcess {
  const command = workers ? ["scripts/start.mjs"] : ["build/server.js"];
  const site = spawn("node", command, {
    env: { ...process.env, ...upstreamEnv(UPSTREAM), ...store, ...(workers ? { WEB_CONCURRENCY: String(workers) } : {}), NODE_ENV: "production", MOCKS: "false", PORT: String(SITE_PORT), SESSION_SECRET, REQUEST_LINK_SECRET, HSTS: "false", LOG_LEVEL: "warn", ...env },
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
const charges = async () => (await mock("GET", "/__mocks/charges")) as MockCharge[];
const chargesOf = async (phone: string) => (await charges()).filter((charge) => charge.phone === phone);
/** The provider holds every /cobrar, received and undecided, until releaseCharges. */
const holdCharges = () => mock("POST", "/__mocks/switches", { "payments.charge": { hold: true } });
/** The provider decides the charges it holds (and holds no later one). */
const releaseCharges = () => mock("POST", "/__mocks/release");
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
    await healthy(`${SITE}/readyz`, "the site");
    const approvedLine = "5512345678";
    const declinedLine = "5523456789";
    const [payer, declined] = await Promise.all([visitorReadyToPay(browser, approvedLine, APPROVED_CARD), visitorReadyToPay(browser, declinedLine, DECLINED_CARD)]);

    await holdCharges();
    await Promise.all([payButton(payer).click(), payButton(declined).click()]);
    // Both charges reached the provider, which holds them: the site dies now.
    await expect.poll(chargesInFlight).toBe(2);
    site.kill("SIGKILL");
    await exited(site);

    site = startSite(store);
    await healthy(`${SITE}/readyz`, "the site, started again");
    // What a person does: open the checkout again. The provider still holds both charges: nobody
    // knows how they ended, so neither visitor gets a pay step, only 'Estamos confirmando tu pago…'.
    for (const page of [payer, declined]) {
      // The page's own clock, so that its next look at the payment is the test's to trigger.
      await page.clock.install();
      await page.goto("/pago");
      await expect(page.getByRole("heading", { name: CONFIRMING })).toBeVisible();
      await expect(page.locator("form#pay")).toHaveCount(0);
    }
    expect(await chargesInFlight()).toBe(2);

    // The provider decides: both charges are recorded (and none is in flight any more).
    await releaseCharges();
    await expect.poll(async () => (await charges()).length).toBe(2);
    expect(await chargesInFlight()).toBe(0);
    // The confirming page looks again every few seconds (CONFIRMING_POLL_MS): its clock is moved on to that look.
    for (const page of [payer, declined]) await page.clock.runFor(CONFIRMING_POLL_MS);

    // The charged visitor gets the confirmation.
    await expect(payer.getByText(SUCCESS)).toBeVisible();
    await expect(payer).toHaveURL((url) => url.pathname === "/pago/completado");
    // The declined one is told so, with the card step to try another card; never a success.
    await expect(declined.getByRole("alert").filter({ hasText: DECLINED })).toBeVisible();
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
  // The drain's deadline (DRAIN_SECONDS, 20 s) is what `npm run bench -- shutdown` measures a
  // drain against; here the old instance waits as long as the provider holds the charge, so the
  // test depends on no start being quicker than it.
  const old = startSite(store, { workers: 2, env: { DRAIN_SECONDS: "3600" } });
  await healthy(`${SITE}/readyz`, "the site");
  const line = "5512345678";
  const page = await visitorReadyToPay(browser, line, APPROVED_CARD);

  await holdCharges();
  // The post's answer, read as it arrives: once the browser has followed the verdict to the
  // confirmation, Chromium no longer has the body of the response it navigated away from.
  let settle: { resolve: (answer: PostAnswer) => void; reject: (error: unknown) => void } | undefined;
  const answered = new Promise<PostAnswer>((resolve, reject) => (settle = { resolve, reject }));
  answered.catch(() => undefined); // awaited below, after the release
  let posts = 0;
  await page.route(
    (url) => url.pathname.startsWith("/pago"),
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      posts += 1;
      try {
        // No timeout of its own: the provider holds the charge until the test releases it.
        const response = await route.fetch({ timeout: 0, maxRedirects: 0 });
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
  // The charge has reached the provider, which holds it: the deploy starts now.
  await expect.poll(chargesInFlight).toBe(1);
  // The whole group: the launcher passes it on to its workers, which get it twice.
  process.kill(-old.pid!, "SIGTERM");
  // The old instance stops accepting at once, while its worker still waits for the provider.
  await expect.poll(accepting, { message: "the old instance still accepts connections" }).toBe(false);
  // The next instance takes the port and is ready before the provider decides.
  const next = startSite(store);
  await healthy(`${SITE}/readyz`, "the next instance");
  expect(old.exitCode, "the old instance left before the charge it was waiting for was decided").toBeNull();
  expect(await chargesInFlight()).toBe(1);

  await releaseCharges();
  const answer = await answered;
  expect(answer.status, siteLog.slice(-2000)).toBeLessThan(400);
  // The verdict, not a dropped connection: the action's redirect to the confirmation (single fetch encodes it in the body).
  expect(`${answer.location} ${answer.body}`).toContain("/pago/completado");
  expect(await exited(old)).toBe(0);
  // The browser follows the verdict to the next instance, which shows the confirmation.
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  expect(posts).toBe(1);
  expect((await chargesOf(line)).filter((charge) => charge.approved)).toHaveLength(1);
  await page.context().close();
  next.kill("SIGTERM");
  await exited(next);
});
