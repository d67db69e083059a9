import { randomUUID } from "node:crypto";
import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { acceptCookies } from "./support/cookies";
import { waitForHydration } from "./support/hydration";
import { ana, loginAs } from "./support/session";
import { searchColonias } from "./support/colonias";

/**
 * A checkout that keeps the visitor (docs/payment.md "Steps", "Outcomes", spec §4 payment): every
 * step (the line's data, the card, 'Confirma tu pago', the result) opens with its heading focused
 * and on the screen, at 375 and 1280 px, with JavaScript and without (then each step is its own
 * page); a declined card (DEMO-DATA.md 4000000000000002) says why in the screen, focused, and
 * keeps the holder and the address while the card and the consents start empty; a postal code
 * with one colonia chooses it; a signed-in customer finds their number and e-mail filled in;
 * PayPal is offered beside the card, as the pages promise. Without JavaScript (tagged @no-js) the
 * steps' focus, a decline and PayPal; the server's answers for the colonias and the prefilled modal
 * are in tests/http/checkout-journey.test.ts.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const unique = (what: string) => `${what}.${jsOn() ? "js" : "nojs"}.${test.info().project.use.viewport?.width}.${randomUUID().slice(0, 8)}@example.com`;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** Focused, and wholly on the screen below the sticky header. */
async function expectFocusedInView(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      const header = await page.locator(".site-header").boundingBox();
      const height = page.viewportSize()!.height;
      if (!box) return "no box";
      const headerBottom = header ? header.y + header.height : 0;
      return box.y >= headerBottom - 1 && box.y + box.height <= height + 1 ? "in view" : `y=${Math.round(box.y)}..${Math.round(box.y + box.height)}, header ${Math.round(headerBottom)}, screen ${height}`;
    })
    .toBe("in view");
}

async function startRecharge(page: Page, email: string) {
  await page.goto("/recargas?recarga=BAIT50");
  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill("5512345678");
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await waitForHydration(page);
}

const cardForm = (page: Page) => page.locator("form#card");
const cardHeading = (page: Page) => page.getByRole("heading", { level: 3, name: "Datos de tu tarjeta" });
const summaryHeading = (page: Page) => page.getByRole("heading", { level: 3, name: "Confirma tu pago", exact: true });

/** The holder and the address, the postal code 64000 whose only colonia is chosen by itself. */
async function fillHolder(page: Page) {
  const form = cardForm(page);
  await form.getByLabel("Nombre(s) del titular").fill("Ana");
  await form.getByLabel("Apellidos del titular").fill("Pérez López");
  await form.getByLabel("Calle y número").fill("Av. Constitución 100");
  await form.getByLabel("Código postal").fill("64000");
  if (!jsOn()) await searchColonias(form);
  await expect(form.getByLabel("Colonia")).toHaveValue(/\S/);
  await expect(form.getByLabel("Colonia").locator("option:checked")).toHaveText("Monterrey Centro");
}

/** The card (with JavaScript on the form; without it on the provider's page), up to 'Confirma tu pago'. */
async function cardToSummary(page: Page, number: string) {
  const form = cardForm(page);
  if (jsOn()) {
    await form.getByLabel("Número de tarjeta").fill(number);
    await form.getByLabel("Vencimiento (MM/AA)").fill("12/30");
    await form.getByLabel("CVV").fill("123");
    await form.getByRole("button", { name: "Siguiente", exact: true }).click();
  } else {
    await form.getByRole("button", { name: "Continuar a la página segura de pago" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/__mocks/proveedor/pago");
    await page.getByLabel("Número de tarjeta").fill(number);
    await page.getByLabel("Vencimiento (MM/AA)").fill("12/30");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/pago");
  }
}

async function consentAndPay(page: Page) {
  const pay = page.locator("form#pay");
  await expect(pay.getByLabel(/Aviso de Privacidad/)).not.toBeChecked();
  await expect(pay.getByLabel(/Términos y Condiciones/)).not.toBeChecked();
  await pay.getByLabel(/Aviso de Privacidad/).check();
  await pay.getByLabel(/Términos y Condiciones/).check();
  await pay.getByRole("button", { name: /^Pagar/ }).click();
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("each step opens on its heading, focused and on the screen; the result too", { tag: "@no-js" }, async ({ page }) => {
      await startRecharge(page, unique("pasos"));
      await expectFocusedInView(page, cardHeading(page));
      await fillHolder(page);
      await cardToSummary(page, "4111111111111111");
      await expectFocusedInView(page, summaryHeading(page));
      if (jsOn()) {
        // 'Cambiar datos de la tarjeta' goes back to the card step, again on its heading.
        await page.locator("form#pay").getByRole("button", { name: "Cambiar datos de la tarjeta" }).click();
        await expectFocusedInView(page, cardHeading(page));
        await cardForm(page).getByRole("button", { name: "Siguiente", exact: true }).click();
        await expectFocusedInView(page, summaryHeading(page));
      }
      await consentAndPay(page);
      await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
      await expectFocusedInView(page, page.getByRole("heading", { level: 1, name: "¡Pago completado!" }));
    });

    test("a declined card: the reason on the screen and focused, another card or PayPal offered; holder and address kept, card and consents empty", { tag: "@no-js" }, async ({ page }) => {
      await startRecharge(page, unique("rechazo"));
      await fillHolder(page);
      await cardToSummary(page, "4000000000000002");
      await consentAndPay(page);
      const alert = page.getByRole("alert").filter({ hasText: DECLINED });
      await expectFocusedInView(page, alert);
      await expect(alert).toContainText("Puedes intentarlo de nuevo con otra tarjeta o pagar con PayPal");
      await expect(alert.getByRole("link", { name: "Pagar con PayPal" })).toHaveAttribute("href", "#pago-paypal");
      const form = cardForm(page);
      await expect(form.getByLabel("Nombre(s) del titular")).toHaveValue("Ana");
      await expect(form.getByLabel("Apellidos del titular")).toHaveValue("Pérez López");
      await expect(form.getByLabel("Calle y número")).toHaveValue("Av. Constitución 100");
      await expect(form.getByLabel("Código postal")).toHaveValue("64000");
      await expect(form.getByLabel("Colonia").locator("option:checked")).toHaveText("Monterrey Centro");
      if (jsOn()) {
        for (const label of ["Número de tarjeta", "Vencimiento (MM/AA)", "CVV"]) await expect(form.getByLabel(label)).toHaveValue("");
      } else {
        // Without JavaScript the card is never on our page: it is typed on the provider's page again.
        await expect(form.getByLabel("Número de tarjeta")).toHaveCount(0);
      }
      expect(await page.content()).not.toContain("4000000000000002");
      // Another card goes through with what was kept; the consents start unticked (consentAndPay checks).
      await cardToSummary(page, "5555555555554444");
      await expect(page.locator("form#pay")).toContainText("Av. Constitución 100, Col. Monterrey Centro, C.P. 64000");
      await consentAndPay(page);
      await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
    });
  });
}

test("a postal code with a single colonia chooses it; one with several asks", async ({ page }) => {
  await startRecharge(page, unique("colonia"));
  const form = cardForm(page);
  await form.getByLabel("Código postal").fill("64000");
  if (!jsOn()) await searchColonias(form);
  await expect(form.getByLabel("Colonia").locator("option:checked")).toHaveText("Monterrey Centro");
  await form.getByLabel("Código postal").fill("06600");
  if (!jsOn()) await searchColonias(form);
  await expect(form.getByLabel("Colonia")).toContainText("Roma Norte");
  await expect(form.getByLabel("Colonia")).toHaveValue("00");
});

test("signed in, the recharge modal comes with the customer's number and e-mail", async ({ page, context }) => {
  await loginAs(context, ana);
  await page.goto("/recargas?recarga=BAIT50");
  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await expect(dialog.getByLabel("Número Bait a recargar", { exact: true })).toHaveValue(ana.number);
  await expect(dialog.getByLabel("Correo electrónico", { exact: true })).toHaveValue(ana.email);
});

test("PayPal is offered beside the card: its consents, PayPal's approval, the confirmation on its heading, paid", { tag: "@no-js" }, async ({ page }) => {
  await startRecharge(page, unique("paypal"));
  const section = page.getByRole("region", { name: "O paga con PayPal" });
  await expect(section).toBeVisible();
  const button = section.getByRole("button", { name: "Pagar con PayPal" });
  if (jsOn()) await expect(button).toBeDisabled();
  await section.getByLabel(/Aviso de Privacidad/).check();
  await section.getByLabel(/Términos y Condiciones/).check();
  await button.click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/__mocks/paypal"));
  await page.getByRole("button", { name: "Pagar con PayPal" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await waitForHydration(page);
  await expectFocusedInView(page, page.getByRole("heading", { level: 3, name: "Confirma tu pago con PayPal" }));
  await expect(page.getByText("PayPal aprobó tu pago. Confírmalo para terminar tu compra.")).toBeVisible();
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(page.getByText("Felicidades, se ha completado tu pago.")).toBeVisible();
});
