import { expect, test } from "@playwright/test";
import { expectedHeading, pageAt, site } from "./support/config";
import { BASE_URL } from "./support/env";
import { expectPath } from "./support/expect-path";
import { ana, loginAs, luis } from "./support/session";

test.describe("legacy addresses", () => {
  for (const { from, to } of site.redirects) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      const location = response.headers()["location"] ?? "";
      expect(new URL(location, BASE_URL).href).toBe(new URL(to, BASE_URL).href);
    });
  }
});

test.describe("unknown addresses", () => {
  test("/esta-pagina-no-existe answers 404 with 'PÁGINA NO ENCONTRADA' and a link home", async ({ page }) => {
    const response = await page.goto("/esta-pagina-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PÁGINA NO ENCONTRADA");
    await expect(page.locator("main").getByText("La página que buscas no está disponible", { exact: false })).toBeVisible();

    await page.locator("main").getByRole("link", { name: "Ir al inicio", exact: true }).click();
    await expectPath(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(expectedHeading(pageAt("/")));
  });
});

test.describe("guest-only pages", () => {
  const headings: Record<string, string> = { "/login": "Inicio de sesión", "/recuperacion": "Cambio de contraseña", "/registro": "Crea tu cuenta Bait" };
  for (const [pathname, heading] of Object.entries(headings)) {
    test(`${pathname} answers 200 to an anonymous visitor with the heading '${heading}'`, async ({ page }) => {
      const response = await page.goto(pathname);
      expect(response?.status()).toBe(200);
      await expectPath(page, pathname);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });
  }

  test("/completar-registro without a verified code goes back to /registro", async ({ page }) => {
    await page.goto("/completar-registro");
    await expectPath(page, "/registro");
  });

  for (const pathname of ["/login", "/recuperacion", "/registro", "/completar-registro"]) {
    test(`${pathname} sends a logged-in customer to /home`, async ({ page, context }) => {
      await loginAs(context, ana);
      await page.goto(pathname);
      await expectPath(page, "/home");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi cuenta Bait");
    });
  }
});

test.describe("customer pages", () => {
  for (const pathname of ["/home", "/editar-perfil"]) {
    test(`${pathname} sends an anonymous visitor to /`, async ({ page }) => {
      await page.goto(pathname);
      await expectPath(page, "/");
      await expect(page.getByRole("link", { name: "Iniciar Sesión", exact: true })).toBeVisible();
    });
  }

  test("/recurrente sends an anonymous visitor to /login", async ({ page }) => {
    await page.goto("/recurrente");
    await expectPath(page, "/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inicio de sesión");
  });

  for (const pathname of ["/home", "/recurrente", "/editar-perfil"]) {
    test(`${pathname} answers 200 to a logged-in customer, greeted 'Hola, Ana'`, async ({ page, context }) => {
      await loginAs(context, ana);
      const response = await page.goto(pathname);
      expect(response?.status()).toBe(200);
      await expectPath(page, pathname);
      // Route files of their own carry their heading; config pages take it from their JSON.
      const routeHeadings: Record<string, string> = { "/home": "Mi cuenta Bait", "/editar-perfil": "Actualizar Datos" };
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(routeHeadings[pathname] ?? pageAt(pathname).heading);
      await expect(page.locator("header").getByText("Hola, Ana", { exact: true })).toBeVisible();
    });
  }

  test("'Cerrar Sesión' in the user menu logs Ana out and lands on / with 'Iniciar Sesión'", async ({ page, context }) => {
    await loginAs(context, ana);
    await page.goto("/home");
    await page.locator("header").getByText("Hola, Ana", { exact: true }).click();
    await page.getByRole("button", { name: "Cerrar Sesión", exact: true }).click();
    await expectPath(page, "/");
    await expect(page.getByRole("link", { name: "Iniciar Sesión", exact: true })).toBeVisible();
    await expect(page.locator("header").getByText("Hola, Ana")).toHaveCount(0);

    // The session is gone, not just hidden: a customer page now sends the visitor away.
    await page.goto("/home");
    await expectPath(page, "/");
  });
});

test.describe("feature-flag gates", () => {
  const pospago = pageAt("/bait-pospago");
  const frameTitle = pospago.blocks.find((block) => block.type === "embed")?.title as string;

  for (const pathname of ["/sso", "/sso-callback", "/bait-pospago"]) {
    test(`${pathname} sends an anonymous visitor to /`, async ({ page }) => {
      await page.goto(pathname);
      await expectPath(page, "/");
    });
  }

  test(`/bait-pospago answers 200 to Ana (pospaid on) and shows the frame «${frameTitle}»`, async ({ page, context }) => {
    await loginAs(context, ana);
    const response = await page.goto("/bait-pospago", { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(200);
    await expectPath(page, "/bait-pospago");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pospago.heading);
    await expect(page.locator(`iframe[title="${frameTitle}"]`)).toBeVisible();
  });

  test("/sso shows Ana (sso on) her 'Tu Cuenta Bait' page", async ({ page, context }) => {
    await loginAs(context, ana);
    const response = await page.goto("/sso");
    expect(response?.status()).toBe(200);
    await expectPath(page, "/sso");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu Cuenta Bait");
  });

  for (const pathname of ["/bait-pospago", "/sso"]) {
    test(`${pathname} sends Luis (flag off for him) to /`, async ({ page, context }) => {
      await loginAs(context, luis);
      await page.goto(pathname);
      await expectPath(page, "/");
      await expect(page.locator("header").getByText("Hola, Luis", { exact: true })).toBeVisible();
    });
  }

  for (const pathname of ["/e-sim", "/internet-empresarial"]) {
    test(`${pathname} answers 200 (flag on by default)`, async ({ page }) => {
      const response = await page.goto(pathname);
      expect(response?.status()).toBe(200);
      await expectPath(page, pathname);
    });
  }
});
