import { expect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { acceptCookies } from "./support/cookies";

/**
 * No dead end on the card step without JavaScript (docs/payment.md "billing address"): 'Continuar a
 * la página segura de pago' with a valid postal code and no colonia — nobody pressed 'Buscar colonias' — answers the
 * catalogue's message with the code's colonias listed, the only one chosen when there is one.
 * A page only a browser without JavaScript meets: here its audit and the way on; what the server
 * answers is proved in tests/http/payment-colonias.test.ts.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "with JavaScript the colonias are listed as the code is typed");

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

async function cardStepWithout(page: Page, postalCode: string, email: string) {
  await page.goto("/recargas?recarga=BAIT50");
  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill("5512345678");
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  const form = page.locator("form#card");
  await form.getByLabel("Nombre(s) del titular").fill("Ana");
  await form.getByLabel("Apellidos del titular").fill("Pérez López");
  await form.getByLabel("Calle y número").fill("Av. Juárez 10");
  await form.getByLabel("Código postal").fill(postalCode);
  // Without JavaScript the card is not on this page: the provider's page takes it.
  await expect(form.getByLabel("Número de tarjeta")).toHaveCount(0);
  await form.getByRole("button", { name: "Continuar a la página segura de pago", exact: true }).click();
  return page.locator("form#card");
}

test("step 1 with 06600 and no colonia lists its colonias with the message; choosing one goes on", { tag: "@no-js" }, async ({ auditedPage: page }) => {
  const form = await cardStepWithout(page, "06600", "colonias.varias@example.com");
  await expect(form.getByText("Lo sentimos, es necesario seleccionar tu colonia.").first()).toBeVisible();
  const colonia = form.getByLabel("Colonia");
  await expect(colonia.locator("option", { hasText: "Juárez" })).toHaveCount(1);
  await expect(colonia.locator("option", { hasText: "Roma Norte" })).toHaveCount(1);
  // What was typed stays.
  await expect(form.getByLabel("Código postal")).toHaveValue("06600");
  await expect(form.getByLabel("Calle y número")).toHaveValue("Av. Juárez 10");
  await expectNoAxeViolations(page, "the colonias listed");

  await colonia.selectOption({ label: "Juárez" });
  await form.getByRole("button", { name: "Continuar a la página segura de pago", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/__mocks/proveedor/pago");
});
