import { expect as baseExpect, type BrowserContext, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { confirmAndPay, fillCardForm } from "./support/card";
import { acceptCookies } from "./support/cookies";
import { ownPort } from "./support/env";
import { waitForHydration } from "./support/hydration";
import { startOwnServer, type OwnServer } from "./support/own-server";
import { ana, loginAs } from "./support/session";

/**
 * A payment whose verdict the site did not hear (docs/payment.md "States of a payment"): the
 * provider holds the charge past the charge's timeout (a server of its own with
 * UPSTREAM_TIMEOUT_MS=1000: the charge gives up after 3 s). The checkout then says 'Estamos
 * confirmando tu pago…' with what was bought and for which line, no pay step, its heading focused
 * and on the screen at 375 and 1280 px, and nothing axe finds; once the provider decides, the page
 * turns into the confirmation by itself with JavaScript, or after 'Consultar de nuevo' without it.
 * A signed-in customer's /home says the same, then how it ended, with the link to the confirmation
 * (with JavaScript here; without it, tests/http/payment-confirming.test.ts).
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const CONFIRMING = "Estamos confirmando tu pago…";
const SUCCESS = "Felicidades, se ha completado tu pago.";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let own: OwnServer;
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.beforeAll(async () => {
  own = await startOwnServer({ port: ownPort(jsOn() ? 50 : 51), label: "pago-confirmando", env: { UPSTREAM_TIMEOUT_MS: "1000" } });
});
test.afterAll(() => own?.stop());

async function mockCall(path: string, body?: unknown) {
  const response = await fetch(`${own.base}${path}`, { method: body === undefined ? "GET" : "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return response.status === 204 ? null : response.json();
}
/** The provider holds every charge until the test releases it (docs/configuration.md "The mock world's routes"). */
const holdCharges = () => mockCall("/__mocks/switches", { "payments.charge": { hold: true } });
const releaseCharges = () => mockCall("/__mocks/release", {});
test.afterEach(() => releaseCharges());
const chargesOf = async (phone: string) => ((await mockCall("/__mocks/charges")) as { phone: string; approved: boolean }[]).filter((charge) => charge.phone === phone);

async function contextOn(browser: import("@playwright/test").Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: own.base, javaScriptEnabled: jsOn(), viewport: { width: 1280, height: 800 } });
  await acceptCookies(context, own.base);
  return context;
}

/** A Bait 150 recharge of `line`, paid with the demo's approved card while the provider holds the charge. */
async function payWhileHeld(page: Page, line: string, email: string) {
  await page.goto("/recargas?recarga=BAIT150");
  const dialog = page.getByRole("dialog", { name: "Bait 150", exact: true });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill(line);
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await waitForHydration(page);
  await fillCardForm(page, "4111111111111111", { js: jsOn() });
  await holdCharges();
  await confirmAndPay(page);
}

/** Focused, and wholly on the screen below the sticky header. */
async function expectFocusedInView(page: Page, name: string) {
  const heading = page.getByRole("heading", { level: 3, name, exact: true });
  await expect(heading).toBeFocused();
  await expect
    .poll(async () => {
      const box = await heading.boundingBox();
      const header = await page.locator(".site-header").boundingBox();
      const headerBottom = header ? header.y + header.height : 0;
      return box && box.y >= headerBottom - 1 && box.y + box.height <= page.viewportSize()!.height + 1 ? "in view" : `box ${JSON.stringify(box)}, header ${headerBottom}`;
    })
    .toBe("in view");
}

test("a charge the site stopped waiting for: 'Estamos confirmando tu pago…' with the sale and the line, no pay step, then the confirmation", { tag: "@no-js" }, async ({ browser, auditedPage }) => {
  const context = await contextOn(browser);
  const page = await context.newPage();
  const line = "5523456789";
  await payWhileHeld(page, line, `confirmando.${jsOn() ? "js" : "nojs"}@example.com`);

  await expect(page.getByRole("heading", { level: 3, name: CONFIRMING })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.getByText("Enviamos el cobro de Bait 150 ($150.00) para la línea (55) 23 45 67 89 y estamos esperando la respuesta del banco.")).toBeVisible();
  await expect(page.getByText(/No lo pagues de nuevo/)).toBeVisible();
  await expect(page.locator("form#card, form#pay")).toHaveCount(0);
  await expectFocusedInView(page, CONFIRMING);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    await expect(page.getByRole("heading", { level: 3, name: CONFIRMING })).toBeVisible();
    if (!jsOn()) await expectFocusedInView(page, CONFIRMING);
  }
  // The same page as a visitor without JavaScript gets it, for axe (auditedPage), with this visitor's session.
  // With JavaScript it is a second tab of this session that asks again too, and whichever tab hears
  // the verdict first takes the sale into its confirmation: its questions are left unanswered.
  await auditedPage.route(/\/pago\.data/, () => undefined);
  await auditedPage.context().addCookies(await context.cookies());
  await auditedPage.goto(`${own.base}/pago`);
  await expect(auditedPage.getByRole("heading", { level: 3, name: CONFIRMING })).toBeVisible();
  await expectNoAxeViolations(auditedPage, "/pago while confirming");
  await auditedPage.goto("about:blank");

  // The provider decides: one approved charge, and the visitor sees the usual confirmation.
  await releaseCharges();
  await expect.poll(async () => (await chargesOf(line)).length, { timeout: 30_000 }).toBe(1);
  if (!jsOn()) await page.getByRole("link", { name: "Consultar de nuevo" }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  expect((await chargesOf(line)).filter((charge) => charge.approved)).toHaveLength(1);
  await context.close();
});

test("a signed-in customer's /home says the payment is being confirmed, then that it went through, with the link to the confirmation", async ({ browser }) => {
  const context = await contextOn(browser);
  await loginAs(context, ana);
  const page = await context.newPage();
  await payWhileHeld(page, ana.number, ana.email);
  await expect(page.getByRole("heading", { level: 3, name: CONFIRMING })).toBeVisible({ timeout: 20_000 });

  await page.goto("/home");
  const notice = page.locator("main").getByRole("status").filter({ hasText: "Estamos confirmando tu pago de Bait 150." });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Ver el estado" })).toHaveAttribute("href", "/pago");
  await releaseCharges();
  await expect.poll(async () => (await chargesOf(ana.number)).length, { timeout: 30_000 }).toBe(1);

  await page.reload();
  const done = page.locator("main").getByRole("status").filter({ hasText: "Tu pago de Bait 150 se completó." });
  await expect(done).toBeVisible();
  await done.getByRole("link", { name: "Ver comprobante" }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  // Told once: /home has nothing more to say about it.
  await page.goto("/home");
  await expect(page.getByText("Tu pago de Bait 150 se completó.")).toHaveCount(0);
  await context.close();
});
