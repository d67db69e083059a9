import { expect, test } from "@playwright/test";
import { expectPath } from "./support/expect-path";
import { ana, loginAs } from "./support/session";

// Where each address leads (redirects, 404, guest-only and customer pages, flag gates) is what the
// server answers: tests/http/routing.test.ts. The browser keeps the user menu's 'Cerrar Sesión'.

test("'Cerrar Sesión' in the user menu logs Ana out and lands on / with 'Iniciar Sesión'", { tag: "@no-js" }, async ({ page, context }) => {
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
