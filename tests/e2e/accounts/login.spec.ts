import { expect, test, type Page } from "@playwright/test";
import { auditedTest, expectNoAxeViolations } from "../support/axe";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/**
 * Logging in (docs/accounts.md, spec §2 Login screen, §5 Login, §8 Login), for the three line profiles, with
 * JavaScript, against the mock world's demo accounts (password Bait2024!); the mobile line's login runs
 * without JavaScript too (@no-js). What the server answers each post (status, messages, the number
 * kept, the redirects, the SSO round trip) is proved at the HTTP level: tests/http/login.test.ts.
 */
const PASSWORD = "Bait2024!";

async function logIn(page: Page, profile: "mbb" | "hbb" | "mifi", number: string, password = PASSWORD) {
  const label = profile === "mbb" ? "Número Bait" : "Número de servicio";
  await page.getByLabel(label, { exact: true }).fill(number);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
}

test.describe("login", () => {
  const accounts = [
    { profile: "mbb", tab: "Telefonía Celular", number: "5512345678", name: "Ana" },
    { profile: "hbb", tab: "Internet en Casa", number: "5598765432", name: "Casa Demo" },
    { profile: "mifi", tab: "Internet Portátil", number: "5576543210", name: "Portátil Demo" },
  ] as const;

  for (const account of accounts) {
    const tag = account.profile === "mbb" ? ["@no-js"] : [];
    test(`${account.profile} ${account.number} logs in with Bait2024! and lands on /home with its balance`, { tag }, async ({ page }) => {
      await page.goto("/login");
      await waitForHydration(page);
      await page.getByRole("link", { name: account.tab, exact: true }).click();
      await expectPath(page, "/login", `?type=${account.profile}`);
      await expect(page.getByRole("link", { name: account.tab, exact: true })).toHaveAttribute("aria-current", "page");
      await waitForHydration(page);
      await logIn(page, account.profile, account.number);
      await expectPath(page, "/home");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi cuenta Bait");
      await expect(page.locator("main").getByText(`Hola, ${account.name}`, { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Datos de consumo" })).toBeVisible();
      await expect(page.locator(".balance-list__item").first()).toContainText("disponibles");
      await expect(page.locator("header").getByText(`Hola, ${account.name}`, { exact: true })).toBeVisible();
    });
  }

  test("an empty form says what is missing, in Spanish, beside each field", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect(page.getByText("El número Bait es obligatorio").first()).toBeVisible();
    await expect(page.getByText("La contraseña es requerida").first()).toBeVisible();
    await expect(page.getByLabel("Número Bait", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("a short number asks for 10 digits and letters are 'Número inválido'", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await logIn(page, "mbb", "551234567");
    await expect(page.getByText("Ingresa los 10 dígitos de tu número Bait").first()).toBeVisible();
    await logIn(page, "mbb", "55123abcde");
    await expect(page.getByText("Número inválido").first()).toBeVisible();
  });

  test("the service-number messages for Internet en Casa", async ({ page }) => {
    await page.goto("/login?type=hbb");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect(page.getByText("El número de servicio es obligatorio").first()).toBeVisible();
    await logIn(page, "hbb", "55987");
    await expect(page.getByText("Ingresa los 10 dígitos de tu número de servicio").first()).toBeVisible();
  });

  test("a wrong password says 'Hubo un error al validar tus datos' and keeps the number", async ({ page }) => {
    await page.goto("/login?type=hbb");
    await waitForHydration(page);
    await logIn(page, "hbb", "5598765432", "Equivocada1!");
    await expect(page.getByRole("alert").filter({ hasText: "Hubo un error al validar tus datos" })).toBeVisible();
    await expect(page.getByLabel("Número de servicio", { exact: true })).toHaveValue("5598765432");
    await expectPath(page, "/login", "?type=hbb");
  });

  test("a visitor sent from /recurrente logs in and comes back to /recurrente", async ({ page }) => {
    await page.goto("/recurrente");
    await expectPath(page, "/login");
    await waitForHydration(page);
    await logIn(page, "mbb", "5512345678");
    await expectPath(page, "/recurrente");
  });

  test("'Cerrar Sesión' after a real login ends the session and goes home", async ({ page }) => {
    await page.goto("/login?type=mifi");
    await waitForHydration(page);
    await logIn(page, "mifi", "5576543210");
    await expectPath(page, "/home");
    await page.locator("header").getByText("Hola, Portátil Demo", { exact: true }).click();
    await page.getByRole("button", { name: "Cerrar Sesión", exact: true }).click();
    await expectPath(page, "/");
    await expect(page.getByRole("link", { name: "Iniciar Sesión", exact: true })).toBeVisible();
    await page.goto("/home");
    await expectPath(page, "/");
  });

});

test.describe("single sign-on", () => {
  test("Ana (sso flag on for her number) signs in on the SSO server and comes back signed in", async ({ page }) => {
    await page.goto("/sso?numero=5512345678");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inicia sesión");
    expect(new URL(page.url()).pathname).toBe("/__mocks/sso/authorize");
    await expect(page.getByLabel("Número Bait o número de servicio")).toHaveValue("5512345678");
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expectPath(page, "/home");
    await expect(page.locator("main").getByText("Hola, Ana", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Datos de consumo" })).toBeVisible();

    // Her Cuenta Bait page links to the SSO server's own pages.
    await page.getByRole("link", { name: "Tu Cuenta Bait" }).click();
    await expectPath(page, "/sso");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu Cuenta Bait");
    await expect(page.getByRole("link", { name: /Cambiar contraseña/ })).toHaveAttribute("href", "/__mocks/sso/cuenta/contrasena");
    await expect(page.getByRole("link", { name: /Eliminar mi cuenta/ })).toHaveAttribute("href", "/__mocks/sso/cuenta/eliminar");
  });

});

auditedTest.describe("accessibility", () => {
  auditedTest("/login, before and after a failed submit, has no axe violations", async ({ auditedPage: page }) => {
    await page.goto("/login?type=mifi");
    await expectNoAxeViolations(page, "/login?type=mifi");
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect(page.getByText("El número de servicio es obligatorio").first()).toBeVisible();
    await expectNoAxeViolations(page, "/login con errores");
  });

  auditedTest("/home after a real login has no axe violations", async ({ auditedPage: page }) => {
    await page.goto("/login?type=hbb");
    await logIn(page, "hbb", "5598765432");
    await expectPath(page, "/home");
    await expectNoAxeViolations(page, "/home");
  });
});
