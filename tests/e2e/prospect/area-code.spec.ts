import { expect as baseExpect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";
import { expectPath } from "../support/expect-path";
import { ana, loginAs } from "../support/session";

/**
 * /cambio-nir (docs/prospect.md "Area-code change"), with JavaScript; what the server answers a
 * browser without it is proved at the HTTP level (tests/http/prospect.test.ts). The change is
 * for the signed-in customer's own line. DEMO-DATA.md › Prospects: 5512345678 may change (here to
 * its own area code 55, which leaves the demo line where other tests expect it); 5534567890 (idle)
 * and 5576543210 (mifi) are refused.
 */
const expect = baseExpect.configure({ timeout: 10_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

async function change(page: Page, number: string, areaCode: string) {
  await loginAs(page.context(), { ...ana, number });
  await page.goto("/cambio-nir");
  await expect(page.locator(".tool__line")).toContainText(`(${number.slice(0, 2)}) ${number.slice(2, 4)} ${number.slice(4, 6)} ${number.slice(6, 8)} ${number.slice(8)}`);
  await page.getByLabel("Nueva lada", { exact: true }).selectOption(areaCode);
  await page.getByRole("button", { name: "Cambiar mi lada", exact: true }).click();
}

test("lists the available area codes by state, in the list and in the customer's select", async ({ page }) => {
  await loginAs(page.context(), ana);
  await page.goto("/cambio-nir");
  const list = page.locator(".area-codes");
  await expect(list.getByRole("heading", { name: "Ladas disponibles por estado", exact: true })).toBeVisible();
  for (const [state, code] of [["Ciudad de México", "55 · Ciudad de México"], ["Jalisco", "33 · Guadalajara"], ["Nuevo León", "81 · Monterrey"]]) {
    await expect(list.getByRole("term").filter({ hasText: state })).toBeVisible();
    await expect(list.getByRole("definition").filter({ hasText: code })).toBeVisible();
  }
  await expect(page.getByLabel("Nueva lada", { exact: true }).locator("optgroup[label='Jalisco'] option")).toHaveText(["33 · Guadalajara"]);
});

test("an active mobile line changes its area code and gets its new number", async ({ auditedPage: page }) => {
  await change(page, "5512345678", "55");
  await expect(page.getByRole("heading", { name: "¡Listo! Cambiamos tu lada", exact: true })).toBeVisible();
  await expect(page.getByText("Tu número nuevo es (55) 12 34 56 78.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "the change done");
});

test("an idle line is refused with the idle message", async ({ auditedPage: page }) => {
  await change(page, "5534567890", "33");
  await expect(page.getByRole("alert").filter({ hasText: "Tu línea está inactiva. Haz una recarga para activarla y después podrás cambiar tu lada." })).toBeVisible();
  await expect(page.getByLabel("Nueva lada", { exact: true })).toHaveValue("33");
  await expectNoAxeViolations(page, "the refusal");
});

test("a portable-internet line is refused with the mifi message", async ({ page }) => {
  await change(page, "5576543210", "81");
  await expect(page.getByRole("alert").filter({ hasText: "El cambio de lada no está disponible para Internet portátil (MiFi)." })).toBeVisible();
});

test("a number that is not Bait is refused", async ({ page }) => {
  await change(page, "5500000000", "81");
  await expect(page.getByRole("alert").filter({ hasText: "El número que ingresaste no es un número Bait. Revisa que esté bien escrito." })).toBeVisible();
});

test("the form says what is missing", async ({ page }) => {
  await loginAs(page.context(), ana);
  await page.goto("/cambio-nir");
  await page.getByRole("button", { name: "Cambiar mi lada", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Revisa los siguientes datos:" });
  await expect(summary.getByRole("link", { name: "Nueva lada: Elige tu nueva lada", exact: true })).toBeVisible();
});

test("a visitor who has not signed in is asked to, and comes back to the form after logging in", async ({ page }) => {
  await page.goto("/cambio-nir");
  await expect(page.getByText("Para cambiar la lada de tu línea, inicia sesión con tu número Bait: así nos aseguramos de que la línea es tuya.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cambiar mi lada", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Iniciar sesión para cambiar mi lada", exact: true }).click();
  await expectPath(page, "/login");
  await page.getByLabel("Número Bait", { exact: true }).fill(ana.number);
  await page.getByLabel("Contraseña", { exact: true }).fill("Bait2024!");
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expectPath(page, "/cambio-nir");
  await expect(page.locator(".tool__line")).toContainText("(55) 12 34 56 78");
  await expect(page.getByRole("button", { name: "Cambiar mi lada", exact: true })).toBeVisible();
});

test("axe: the page, for a visitor and for a customer", async ({ auditedPage: page }) => {
  await page.goto("/cambio-nir");
  await expectNoAxeViolations(page, "a visitor");
  await loginAs(page.context(), ana);
  await page.goto("/cambio-nir");
  await expectNoAxeViolations(page, "a customer");
});
