import { expect as baseExpect } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";

/**
 * The help centre, /centros-de-atencion (docs/prospect.md "Help centre"), with JavaScript
 * (without it, the HTTP level: tests/http/prospect.test.ts): the upstream's FAQ with its search (`?q=`), the attention centres filtered by state
 * (`?estado=`), and the legacy FAQ aliases leading there. Only reads the mock world.
 */
const expect = baseExpect.configure({ timeout: 10_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const faq = (page: import("@playwright/test").Page) => page.locator("#preguntas-frecuentes");

test("the legacy FAQ aliases lead to the help centre's questions, with the upstream's questions by topic", async ({ page }) => {
  for (const alias of ["/preguntas-frecuentes", "/faq-bait"]) {
    await page.goto(alias);
    await expect(page).toHaveURL(/\/centros-de-atencion#preguntas-frecuentes$/);
  }
  await expect(faq(page).getByRole("heading", { name: "Centro de Ayuda", exact: true })).toBeVisible();
  await expect(faq(page).getByRole("heading", { name: "Portabilidad", exact: true })).toBeVisible();
  await expect(faq(page).getByText("¿Cómo recargo mi línea Bait?", { exact: true })).toBeVisible();
});

test("the search finds questions with or without accents, and says when none match", async ({ page }) => {
  await page.goto("/centros-de-atencion");
  await faq(page).getByLabel("Buscar en preguntas frecuentes", { exact: true }).fill("contraseña");
  await faq(page).getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=contrase%C3%B1a/);
  await expect(faq(page).getByText("1 pregunta encontrada para «contraseña».", { exact: false })).toBeVisible();
  await expect(faq(page).getByText("Olvidé mi contraseña, ¿qué hago?", { exact: true })).toBeVisible();
  await expect(faq(page).getByText("¿Cómo recargo mi línea Bait?", { exact: true })).toHaveCount(0);

  await page.goto("/centros-de-atencion?q=cuanto+cuesta+portabilidad");
  await expect(faq(page).getByText("¿Cuánto cuesta hacer la portabilidad?", { exact: true })).toBeVisible();
  await expect(faq(page).getByText("La portabilidad es gratis. Solo necesitas tu NIP, tu identificación y una SIM Bait.", { exact: true })).toBeVisible();

  await page.goto("/centros-de-atencion?q=xyzzy");
  await expect(faq(page).getByText("No encontramos preguntas para «xyzzy». Prueba con otra palabra o llámanos gratis al 800 123 2248.", { exact: false })).toBeVisible();
  await faq(page).getByRole("link", { name: "Ver todas las preguntas", exact: true }).click();
  await expect(faq(page).getByText("¿Cómo recargo mi línea Bait?", { exact: true })).toBeVisible();
});

test("the centres are filtered by state", async ({ page }) => {
  await page.goto("/centros-de-atencion");
  await expect(page.getByRole("heading", { name: "Bait Centro de Atención Reforma", exact: true })).toBeVisible();
  await page.getByLabel("Estado", { exact: true }).selectOption("Nuevo León");
  await page.getByRole("button", { name: "Filtrar", exact: true }).click();
  await expect(page).toHaveURL(/[?&]estado=Nuevo\+Le%C3%B3n/);
  await expect(page.getByText("2 centros en Nuevo León.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bait Centro de Atención Monterrey", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bait Centro de Atención Reforma", exact: true })).toHaveCount(0);
  await page.getByLabel("Estado", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Filtrar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bait Centro de Atención Reforma", exact: true })).toBeVisible();
});

test("axe: the page, a search, a search without results and a filtered list", async ({ auditedPage: page }) => {
  for (const url of ["/centros-de-atencion", "/centros-de-atencion?q=portabilidad", "/centros-de-atencion?q=xyzzy", "/centros-de-atencion?estado=Jalisco"]) {
    await page.goto(url);
    await expectNoAxeViolations(page, url);
  }
});
