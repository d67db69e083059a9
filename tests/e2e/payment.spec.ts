import { spawn } from "node:child_process";
import { expect as baseExpect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { SESSION_SECRET, ownPort } from "./support/env";
import { ana, loginAs } from "./support/session";
import { acceptCookies } from "./support/cookies";
import { cardOnProviderPage } from "./support/card";
import { paste } from "./support/paste";
import { searchColonias } from "./support/colonias";

/**
 * The checkout (docs/payment.md, spec §2 card payment plugin screens, §4 payment, §5 card rules, §8 messages):
 * a recharge handed over by the recharge modal is paid at /pago with the card form (provider
 * type 1, with JavaScript the card is sealed in the browser; without it, the card is typed on the
 * provider's hosted payment page, a mock route, and never reaches the app), the
 * hosted card (type 2) or PayPal (type 3). The mock provider decides by the demo cards
 * (DEMO-DATA.md). Payments change the mock world (a line's history), so each test pays with its
 * own e-mail and checks only what it paid (its folio).
 *
 * What the server answers a browser without JavaScript (the provider's page, declines, the card
 * rules, the colonias, PayPal's consents, the hosted card's fallback) is proved in
 * tests/http/payment.test.ts; without JavaScript here: the checkout's audits (other markup), the
 * SIM journey with delivery and the server's logs (tagged @no-js).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
// A payment is many steps (modal, card, summary, charge, confirmation), each a round trip to the
// mock upstream; on a busy machine a journey takes longer than the suite's 30 s default.
test.describe.configure({ timeout: 120_000 });

const APPROVED = "Felicidades, se ha completado tu pago.";
const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";
/** DEMO-DATA.md: 99999 answers the server's message, or this one. */
const POSTAL_FAILED = /Hubo un error al consultar tu código postal|No encontramos colonias para el código postal 99999/;
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const project = () => (jsOn() ? "js" : "nojs");


test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** The recharge modal's 'Siguiente' for `number`: lands on /pago with that sale. */
async function startRecharge(page: Page, email: string, { offerId = "BAIT50", offer = "Bait 50", number = "5512345678" } = {}) {
  await page.goto(`/recargas?recarga=${offerId}`);
  const dialog = page.getByRole("dialog", { name: offer, exact: true });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill(number);
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.getByRole("heading", { level: 1, name: "Completa tu pago" })).toBeVisible();
  await waitForHydration(page);
}

const cardForm = (page: Page) => page.locator("form#card");

/** Step 1 of the card form: the holder, the billing address (06600, Juárez) and the card (without JavaScript, on the provider's page). */
async function fillCard(page: Page, number: string, { postalCode = "06600", colonia = "Juárez" } = {}) {
  const form = cardForm(page);
  await form.getByLabel("Nombre(s) del titular").fill("Ana");
  await form.getByLabel("Apellidos del titular").fill("Pérez López");
  await form.getByLabel("Calle y número").fill("Av. Juárez 10");
  await form.getByLabel("Código postal").fill(postalCode);
  if (!jsOn()) await searchColonias(form);
  await expect(form.getByLabel("Colonia")).toContainText(colonia);
  await form.getByLabel("Colonia").selectOption({ label: colonia });
  if (!jsOn()) {
    // The card is not on our page: the provider's hosted page takes it and brings the visitor back to the summary.
    await expect(form.getByLabel("Número de tarjeta")).toHaveCount(0);
    return cardOnProviderPage(page, number);
  }
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Vencimiento (MM/AA)").fill("12/30");
  await form.getByLabel("CVV").fill(number.startsWith("3") ? "1234" : "123");
}

/** 'Siguiente' to the summary (without JavaScript the provider's page led there), the consents, 'Pagar'. */
async function confirmAndPay(page: Page, last4: string) {
  if (jsOn()) await cardForm(page).getByRole("button", { name: "Siguiente", exact: true }).click();
  const summary = page.locator("form#pay");
  await expect(summary.getByText("Paso 2 de 2")).toBeVisible();
  await expect(summaryRow(page, "Tarjeta")).toHaveText(`•••• ${last4}`);
  await expect(summaryRow(page, "CVV")).toHaveText("•••");
  await summary.getByLabel(/Aviso de Privacidad/).check();
  await summary.getByLabel(/Términos y Condiciones/).check();
  await summary.getByRole("button", { name: /^Pagar/ }).click();
}

const summaryRow = (page: Page, term: string) =>
  page.locator("form#pay dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");

async function expectReceipt(page: Page): Promise<string> {
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago completado!" })).toBeVisible();
  await expect(page.getByText(APPROVED, { exact: true })).toBeVisible();
  const folio = page.locator("dl > div").filter({ has: page.locator("dt", { hasText: "Folio de tu compra" }) }).locator("dd");
  await expect(folio).toHaveText(/^ORD-/);
  return (await folio.textContent())!.trim();
}

/** The line's latest recharges on /home, as its customer sees them. */
async function expectInHistory(page: Page, folio: string) {
  await loginAs(page.context(), ana);
  await page.goto("/home");
  const history = page.getByRole("list", { name: "Tus últimas recargas" });
  await expect(page.getByRole("heading", { level: 2, name: "Tus últimas recargas" })).toBeVisible();
  await expect(history.getByRole("listitem").filter({ hasText: folio })).toContainText("Bait 50");
  await expect(history.getByRole("listitem").filter({ hasText: folio })).toContainText("Aplicada");
}

test.describe("paying a recharge with the card form (provider type 1)", () => {
  // A 16-digit card and Amex's 15 digits with a 4-digit CVV: the browser's card form treats every
  // 16-digit brand alike. Each brand's rule is the card schema's (schemas/forms/card.test.ts), and
  // each brand pays end to end at the HTTP level (tests/http/payment.test.ts).
  for (const [number, brand] of [
    ["4111111111111111", "Visa"],
    ["378282246310005", "American Express"],
  ] as const) {
    test(`5512345678 paid with ${brand} ${number}: confirmation, and the line's history shows it`, async ({ page }) => {
      await startRecharge(page, `pago.${number.slice(-4)}.${project()}@example.com`);
      await fillCard(page, number);
      await confirmAndPay(page, number.slice(-4));
      const folio = await expectReceipt(page);
      await expect(page.getByText(/Tu recarga está en proceso y se aplicará en unos momentos a la línea \(55\) 12 34 56 78/)).toBeVisible();
      await expectInHistory(page, folio);
    });
  }

  test("4000000000000002 is declined: the spec's message, the form back at step 1 without the card, nowhere in the page", async ({ page }) => {
    await startRecharge(page, `rechazo.${project()}@example.com`);
    await fillCard(page, "4000000000000002");
    await confirmAndPay(page, "0002");
    await expect(page.getByRole("alert").filter({ hasText: DECLINED })).toBeVisible();
    await expect(page.getByText("Te quedan 2 intentos antes de que el pago se reinicie.")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/pago");
    await expect(cardForm(page).getByLabel("Número de tarjeta")).toHaveValue("");
    await expect(cardForm(page).getByLabel("CVV")).toHaveValue("");
    await expect(cardForm(page).getByLabel("Vencimiento (MM/AA)")).toHaveValue("");
    const html = await page.content();
    expect(html).not.toContain("4000000000000002");
    expect(html).not.toContain("4000 0000 0000 0002");
  });

  test("three declines in a row: the counter resets, the message shows and the form starts over", async ({ page }) => {
    await startRecharge(page, `tres.${project()}@example.com`);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await fillCard(page, "4000000000000002");
      await confirmAndPay(page, "0002");
      await expect(page.getByRole("alert").filter({ hasText: DECLINED })).toBeVisible();
      if (attempt < 3) await expect(page.getByText(attempt === 1 ? "Te quedan 2 intentos antes de que el pago se reinicie." : "Te queda 1 intento antes de que el pago se reinicie.")).toBeVisible();
    }
    await expect(page.getByText("Por tu seguridad reiniciamos el formulario. Revisa los datos de tu tarjeta o intenta con otra.")).toBeVisible();
    await expect(page.getByText(/Te queda/)).toHaveCount(0);
    // The card and the consents start over; the holder and the address are not card data and stay.
    await expect(cardForm(page).getByLabel("Nombre(s) del titular")).toHaveValue("Ana");
    await expect(cardForm(page).getByText("Paso 1 de 2")).toBeVisible();
    // A fourth attempt is a first one again.
    await fillCard(page, "4111111111111111");
    await confirmAndPay(page, "1111");
    await expectReceipt(page);
  });

  test("a card number pasted in groups arrives as its 16 digits, though the field holds 16 characters (JavaScript)", async ({ page }) => {
    await startRecharge(page, `pegar.${project()}@example.com`);
    const number = cardForm(page).getByLabel("Número de tarjeta");
    await paste(number, "4111 1111 1111 1111");
    await expect(number).toHaveValue("4111111111111111");
    await number.fill("");
    await paste(number, "5555-5555-5555-4444");
    await expect(number).toHaveValue("5555555555554444");
  });

  test("the card rules: brands, Luhn, expiry and CVV give the spec's 'Lo sentimos, …' messages", async ({ page }) => {
    await startRecharge(page, `reglas.${project()}@example.com`);
    const form = cardForm(page);
    await fillCard(page, "4111111111111112");
    await form.getByLabel("Vencimiento (MM/AA)").fill("01/20");
    await form.getByLabel("CVV").fill("12");
    await form.getByRole("button", { name: "Siguiente", exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Revisa los siguientes datos:" });
    await expect(summary.getByRole("link")).toHaveText([
      "Número de tarjeta: Lo sentimos, el número de tarjeta no es válido. Aceptamos tarjetas Visa, Mastercard y American Express.",
      "Vencimiento (MM/AA): Lo sentimos, la fecha de vencimiento de tu tarjeta no es válida.",
      "CVV: Lo sentimos, el código de seguridad debe tener 3 dígitos, o 4 en tarjetas American Express.",
    ]);
    await expect(form.getByLabel("Número de tarjeta")).toHaveAttribute("aria-invalid", "true");
  });

  test("postal code 06600 fills the colonias; 99999 shows the lookup's error and clears the field", async ({ page }) => {
    await startRecharge(page, `cp.${project()}@example.com`);
    const form = cardForm(page);
    await form.getByLabel("Código postal").fill("06600");
    await expect(form.getByLabel("Colonia").locator("option")).toHaveText(["Selecciona tu colonia", "Juárez", "Roma Norte"]);
    await expect(form.getByText("Ciudad de México").first()).toBeVisible();
    await form.getByLabel("Código postal").fill("99999");
    await expect(form.getByText(POSTAL_FAILED).first()).toBeVisible();
    await expect(form.getByLabel("Código postal")).toHaveValue("");
  });

  test("without a details step (+directo), the card form pays in one step", async ({ page }) => {
    await startRecharge(page, `ana+directo.${project()}@example.com`);
    await expect(cardForm(page).getByText("Paso 1 de 2")).toHaveCount(0);
    await fillCard(page, "5555555555554444");
    const payStep = cardForm(page);
    await payStep.getByLabel(/Aviso de Privacidad/).check();
    await payStep.getByLabel(/Términos y Condiciones/).check();
    await payStep.getByRole("button", { name: /^Pagar/ }).click();
    await expectReceipt(page);
  });

  // Without JavaScript the card step and the summary are other markup (the way to the provider's page, the summary its own page).
  test("the checkout and the confirmation have no axe violations", { tag: "@no-js" }, async ({ auditedPage: page }) => {
    await startRecharge(page, `axe.${project()}@example.com`);
    await expectNoAxeViolations(page);
    await fillCard(page, "4111111111111111");
    if (jsOn()) await cardForm(page).getByRole("button", { name: "Siguiente", exact: true }).click();
    await expect(page.locator("form#pay")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.locator("form#pay").getByLabel(/Aviso de Privacidad/).check();
    await page.locator("form#pay").getByLabel(/Términos y Condiciones/).check();
    await page.locator("form#pay").getByRole("button", { name: /^Pagar/ }).click();
    await expectReceipt(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("a SIM with delivery", () => {
  test("the SIM modal to 64000, the checkout with the shipping cost, paid: the delivery confirmation", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/cambiate-a-bait?chip=SIM200");
    const dialog = page.getByRole("dialog", { name: "Compra tu chip Bait", exact: true });
    await expect(dialog).toBeVisible();
    await waitForHydration(page);
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    await field("Nombre(s)").fill("Lucía");
    await field("Apellidos").fill("Martínez Garza");
    await field("Correo electrónico").fill(`chip.${project()}@example.com`);
    await field("Número de teléfono de contacto").fill("8112345678");
    await field("Código postal").fill("64000");
    if (!jsOn()) await searchColonias(dialog);
    await expect(field("Colonia")).toContainText("Monterrey Centro");
    await field("Colonia").selectOption({ label: "Monterrey Centro" });
    await field("Calle").fill("Av. Constitución");
    await field("Número exterior").fill("100");
    await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/pago");
    const order = page.getByRole("complementary", { name: "Tu compra" });
    await expect(order).toContainText("Chip Bait con envío a domicilio");
    const row = (term: string) => order.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");
    await expect(row("Envío a domicilio")).toHaveText("$49.00");
    await expect(row("Total a pagar")).toHaveText("$249.00");
    await expect(row("Dirección de envío")).toHaveText("Av. Constitución 100, Col. Monterrey Centro, C.P. 64000, Monterrey, Nuevo León");
    await waitForHydration(page);
    await fillCard(page, "4111111111111111", { postalCode: "64000", colonia: "Monterrey Centro" });
    await confirmAndPay(page, "1111");
    await expectReceipt(page);
    await expect(page.getByText(/Enviaremos tu chip Bait a Av\. Constitución 100, Col\. Monterrey Centro, C\.P\. 64000/)).toBeVisible();
  });
});

test.describe("the hosted card (provider type 2)", () => {
  test("with JavaScript: the provider's fields make a token, 'Ver Detalles' shows the summary, the charge completes", async ({ page }) => {
    await startRecharge(page, `ana+iframe.token@example.com`);
    const frame = page.frameLocator("iframe[title='Formulario seguro del procesador de pagos']");
    await frame.getByLabel("Número de tarjeta").fill("4111111111111112");
    await frame.getByLabel("Nombre del titular").fill("Ana Pérez");
    await frame.getByLabel("Vencimiento (MM/AA)").fill("12/30");
    await frame.getByLabel("CVV").fill("123");
    await frame.getByRole("button", { name: "Continuar" }).click();
    // A tokenisation error: the provider's message, the field cleared.
    await expect(page.getByRole("alert").filter({ hasText: /Lo sentimos/ })).toBeVisible();
    await expect(frame.getByLabel("Número de tarjeta")).toHaveValue("");
    await frame.getByLabel("Número de tarjeta").fill("4111111111111111");
    await frame.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Tu tarjeta visa •••• 1111 está lista para el pago.", { exact: false })).toBeVisible();
    const hosted = page.locator("form#hosted");
    await hosted.getByLabel(/Aviso de Privacidad/).check();
    await hosted.getByLabel(/Términos y Condiciones/).check();
    await hosted.getByRole("button", { name: "Ver Detalles" }).click();
    await expect(hosted.locator("dl")).toContainText("•••• 1111");
    // The summary is a step of its own: its heading takes the focus.
    await expect(hosted.getByRole("heading", { level: 3, name: "Confirma tu pago", exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    await hosted.getByRole("button", { name: /^Pagar/ }).click();
    await expectReceipt(page);
  });
});

test.describe("PayPal (provider type 3)", () => {
  test("the button waits for both consents; PayPal's approval brings the visitor back to confirm", async ({ auditedPage: page }) => {
    await startRecharge(page, `ana+paypal.${project()}@example.com`);
    await expectNoAxeViolations(page);
    const button = page.getByRole("button", { name: "Pagar con PayPal" });
    await expect(button).toBeDisabled();
    await page.getByLabel(/Aviso de Privacidad/).check();
    await expect(button).toBeDisabled();
    await page.getByLabel(/Términos y Condiciones/).check();
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith("/__mocks/paypal"));
    await page.getByRole("button", { name: "Pagar con PayPal" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/pago");
    await expect(page.getByText("PayPal aprobó tu pago. Confírmalo para terminar tu compra.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^Pagar/ }).click();
    await expectReceipt(page);
  });
});

test.describe("card data on the server", () => {
  test("the card number, its expiry and CVV never reach the server's logs, declined or approved", { tag: "@no-js" }, async ({ browser, baseURL }) => {
    // A server of its own starts slowly on a busy machine.
    test.setTimeout(150_000);
    // A server of its own, so this test reads everything it writes.
    const port = ownPort(jsOn() ? 37 : 38);
    const server = spawn(process.execPath, ["build/server.js"], {
      env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: String(port), SESSION_SECRET, HSTS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
    server.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    try {
      const origin = `http://localhost:${port}`;
      await expect.poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
      const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: jsOn(), locale: "es-MX" });
      await acceptCookies(context, origin);
      const page = await context.newPage();
      await startRecharge(page, `bitacora.${project()}@example.com`);
      await fillCard(page, "4000000000000002");
      await confirmAndPay(page, "0002");
      await expect(page.getByRole("alert").filter({ hasText: DECLINED })).toBeVisible();
      expect(await page.content()).not.toContain("4000000000000002");
      await fillCard(page, "5555555555554444");
      await confirmAndPay(page, "4444");
      await expectReceipt(page);
      await context.close();
      // A card field posted to a page of the app, as a form would: refused in Spanish, before the app reads it.
      for (const [path, fields] of [
        ["/pago", { intent: "pay", cardNumber: "4000000000000077", expiry: "11/31", cvv: "987" }],
        ["/contacto?contacto=telefono", { nombre: "Ana", numeroTarjeta: "4000000000000077" }],
      ] as const) {
        const refused = await fetch(origin + path, { method: "POST", body: new URLSearchParams(fields), headers: { origin } });
        expect(refused.status).toBe(422);
        const html = await refused.text();
        expect(html).toContain("No recibimos datos de tarjetas");
        expect(html).not.toContain("4000000000000077");
      }
    } finally {
      // Its log is complete once it has left (stdout flushed, the stream closed).
      const closed = new Promise((resolve) => server.once("close", resolve));
      server.kill();
      await closed;
    }
    const log = output.join("");
    expect(log).toContain("rechazado"); // the decline was logged, without the card
    expect(log).toContain('"refused":"cardData"'); // the refusals too, without the body
    expect(log).not.toMatch(/4000000000000002|5555555555554444|4000000000000077|12\/30|11\/31/);
    expect(baseURL).toBeTruthy();
  });

  test("no request to a page of the app ever carries the card number: a whole checkout, declined then approved", async ({ page }) => {
    const toApp: string[] = [];
    const toProvider: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      const sent = `${request.method()} ${url.pathname}${url.search}\n${request.postData() ?? ""}`;
      (url.pathname.startsWith("/__mocks/") ? toProvider : toApp).push(sent);
    });
    await startRecharge(page, `ningun.envio.${project()}@example.com`);
    await fillCard(page, "4000000000000002");
    await confirmAndPay(page, "0002");
    await expect(page.getByRole("alert").filter({ hasText: DECLINED })).toBeVisible();
    await fillCard(page, "5555555555554444");
    await confirmAndPay(page, "4444");
    await expectReceipt(page);
    const posts = toApp.filter((sent) => sent.startsWith("POST /pago"));
    expect(posts.length).toBeGreaterThanOrEqual(2);
    for (const sent of toApp) expect(sent).not.toMatch(/4000000000000002|5555555555554444|4000(?:%20|\+| )0000/);
    // The card travels sealed for the provider, and to nobody else in clear.
    expect(posts.some((sent) => /sealed=/.test(sent))).toBe(true);
    for (const sent of toProvider) expect(sent).not.toMatch(/4000000000000002|5555555555554444/);
  });
});

