import { expect as baseExpect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";

/**
 * /cobertura's check (docs/prospect.md "Coverage"): a GET form whose answer is a link, with
 * JavaScript (without it, the HTTP level: tests/http/prospect.test.ts). Demo postal codes (DEMO-DATA.md › Postal codes): 06600, 64000 and
 * 44100 have coverage, 99999 has none. Only reads the mock world.
 */
const expect = baseExpect.configure({ timeout: 10_000 });

const COVERED = "Sí, hay cobertura Bait en tu zona.";
const NOT_COVERED = "Por ahora no hay cobertura Bait en esta zona.";
const CAPACITY = "Hay capacidad disponible: puedes contratar Internet en casa en este domicilio.";

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

async function check(page: Page, postalCode: string) {
  await page.goto("/cobertura");
  await page.getByLabel("Código postal", { exact: true }).fill(postalCode);
  await page.getByRole("button", { name: "Consultar cobertura", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]cp=${postalCode}`));
}

for (const [postalCode, place] of [
  ["06600", "Juárez, Cuauhtémoc, Ciudad de México, C.P. 06600"],
  ["64000", "Monterrey Centro, Monterrey, Nuevo León, C.P. 64000"],
  ["44100", "Guadalajara Centro, Guadalajara, Jalisco, C.P. 44100"],
] as const) {
  test(`${postalCode} has coverage and capacity for home internet`, async ({ page }) => {
    await check(page, postalCode);
    await expect(page.getByRole("heading", { name: `Resultado para ${place}`, exact: true })).toBeVisible();
    await expect(page.getByText(COVERED, { exact: true })).toBeVisible();
    await expect(page.getByText(CAPACITY, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Código postal", { exact: true })).toHaveValue(postalCode);
  });
}

test("99999 has no coverage, and says what to do", async ({ page }) => {
  await check(page, "99999");
  await expect(page.getByText(NOT_COVERED, { exact: true })).toBeVisible();
  await expect(page.getByText(/Revisa que el código postal esté bien escrito/)).toBeVisible();
  await expect(page.getByText(COVERED, { exact: true })).toHaveCount(0);
});

test("the street makes the answer name the address", async ({ page }) => {
  await page.goto("/cobertura");
  await page.getByLabel("Código postal", { exact: true }).fill("06600");
  await page.getByLabel("Calle y número (opcional)", { exact: true }).fill("Av. Paseo de la Reforma 222");
  await page.getByRole("button", { name: "Consultar cobertura", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Resultado para Av. Paseo de la Reforma 222, Juárez, Cuauhtémoc, Ciudad de México, C.P. 06600", exact: true })).toBeVisible();
});

test("a postal code of 3 digits is refused with its message, nothing asked", async ({ page }) => {
  await page.goto("/cobertura");
  await page.getByLabel("Código postal", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Consultar cobertura", exact: true }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Código postal: El código postal debe tener 5 dígitos" })).toBeVisible();
  await expect(page.getByText(COVERED, { exact: true })).toHaveCount(0);
});

test("the answer is a link: opening it shows the same answer", async ({ page }) => {
  await page.goto("/cobertura?cp=64000");
  await expect(page.getByText(COVERED, { exact: true })).toBeVisible();
});

test("axe: the page, a yes, a no and a refused form", async ({ auditedPage: page }) => {
  for (const url of ["/cobertura", "/cobertura?cp=06600", "/cobertura?cp=99999", "/cobertura?cp=12"]) {
    await page.goto(url);
    await expectNoAxeViolations(page, url);
  }
});
