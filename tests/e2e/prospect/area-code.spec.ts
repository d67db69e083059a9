import { expect as baseExpect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";

/**
 * /cambio-nir (docs/prospect.md "Area-code change"), with JavaScript and without it.
 * DEMO-DATA.md › Prospects: 5512345678 may change (here to its own area code 55, which leaves the
 * demo line where other tests expect it); 5534567890 (idle) and 5576543210 (mifi) are refused.
 */
const expect = baseExpect.configure({ timeout: 10_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

async function change(page: Page, number: string, areaCode: string) {
  await page.goto("/cambio-nir");
  await page.getByLabel("Tu número Bait", { exact: true }).fill(number);
  await page.getByLabel("Nueva lada", { exact: true }).selectOption(areaCode);
  await page.getByRole("button", { name: "Cambiar mi lada", exact: true }).click();
}

test("lists the available area codes by state", async ({ page }) => {
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
  await expect(page.getByLabel("Tu número Bait", { exact: true })).toHaveValue("5534567890");
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
  await page.goto("/cambio-nir");
  await page.getByRole("button", { name: "Cambiar mi lada", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Revisa los siguientes datos:" });
  await expect(summary.getByRole("link", { name: "Tu número Bait: Escribe tu número Bait", exact: true })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Nueva lada: Elige tu nueva lada", exact: true })).toBeVisible();
});

test("axe: the page", async ({ auditedPage: page }) => {
  await page.goto("/cambio-nir");
  await expectNoAxeViolations(page);
});
