import { expect, test, type Page } from "@playwright/test";
import { searchColonias } from "./colonias";

/** Pages already at the summary after the provider's hosted payment page (no JavaScript). */
const atSummary = new WeakSet<Page>();

/**
 * Step 1 of /pago's card form (provider type 1): the holder, the billing address and the card.
 * Without JavaScript the colonias come with 'Buscar colonias', and the card is typed on the
 * provider's hosted payment page (cardOnProviderPage), which brings the visitor back to the summary.
 */
export async function fillCardForm(page: Page, number: string, { holder = "Ana", postalCode = "06600", colonia = "Juárez", js = test.info().project.use.javaScriptEnabled !== false } = {}) {
  const form = page.locator("form#card");
  await form.getByLabel("Nombre(s) del titular").fill(holder);
  await form.getByLabel("Apellidos del titular").fill("Pérez López");
  await form.getByLabel("Calle y número").fill("Av. Juárez 10");
  await form.getByLabel("Código postal").fill(postalCode);
  if (!js) await searchColonias(form);
  await expect(form.getByLabel("Colonia")).toContainText(colonia);
  await form.getByLabel("Colonia").selectOption({ label: colonia });
  if (!js) {
    await cardOnProviderPage(page, number);
    atSummary.add(page);
    return;
  }
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Vencimiento (MM/AA)").fill("12/30");
  await form.getByLabel("CVV").fill(number.startsWith("3") ? "1234" : "123");
}

/**
 * Without JavaScript: step 1's button to the provider's hosted payment page (a mock route, not the
 * app's), the card typed there, and back at /pago with the summary.
 */
export async function cardOnProviderPage(page: Page, number: string, { expiry = "12/30" } = {}) {
  await page.locator("form#card").getByRole("button", { name: "Continuar a la página segura de pago" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/__mocks/proveedor/pago");
  await page.getByLabel("Número de tarjeta").fill(number);
  await page.getByLabel("Vencimiento (MM/AA)").fill(expiry);
  await page.getByLabel("CVV").fill(number.startsWith("3") ? "1234" : "123");
  await page.getByRole("button", { name: "Continuar", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.locator("form#pay")).toBeVisible();
}

/** Step 1's 'Siguiente' to the summary (with JavaScript; without it the summary is already there), both consents, then 'Pagar'. */
export async function confirmAndPay(page: Page) {
  if (atSummary.has(page)) atSummary.delete(page);
  else await page.locator("form#card").getByRole("button", { name: "Siguiente", exact: true }).click();
  const pay = page.locator("form#pay");
  await pay.getByLabel(/Aviso de Privacidad/).check();
  await pay.getByLabel(/Términos y Condiciones/).check();
  await pay.getByRole("button", { name: /^Pagar/ }).click();
}
