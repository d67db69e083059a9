import { expect, test, type Page } from "@playwright/test";

/**
 * Step 1 of /pago's card form (provider type 1): the holder, the billing address and the card.
 * Without JavaScript the colonias come with 'Buscar colonias'; with it, as the postal code is typed.
 */
export async function fillCardForm(page: Page, number: string, { holder = "Ana", postalCode = "06600", colonia = "Juárez", js = test.info().project.use.javaScriptEnabled !== false } = {}) {
  const form = page.locator("form#card");
  await form.getByLabel("Nombre(s) del titular").fill(holder);
  await form.getByLabel("Apellidos del titular").fill("Pérez López");
  await form.getByLabel("Calle y número").fill("Av. Juárez 10");
  await form.getByLabel("Código postal").fill(postalCode);
  if (!js) await form.getByRole("button", { name: "Buscar colonias" }).click();
  await expect(form.getByLabel("Colonia")).toContainText(colonia);
  await form.getByLabel("Colonia").selectOption({ label: colonia });
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Vencimiento (MM/AA)").fill("12/30");
  await form.getByLabel("CVV").fill(number.startsWith("3") ? "1234" : "123");
}

/** Step 1's 'Siguiente' to the summary, both consents, then 'Pagar' (the checkout's card form, provider type 1). */
export async function confirmAndPay(page: Page) {
  await page.locator("form#card").getByRole("button", { name: "Siguiente", exact: true }).click();
  const pay = page.locator("form#pay");
  await pay.getByLabel(/Aviso de Privacidad/).check();
  await pay.getByLabel(/Términos y Condiciones/).check();
  await pay.getByRole("button", { name: /^Pagar/ }).click();
}
