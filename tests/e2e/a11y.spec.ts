import { expect } from "@playwright/test";
import { publicPaths } from "./support/config";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";

/**
 * WCAG 2.2 AA with axe-core on every public page, with JavaScript. Without it these pages are the
 * same markup (the phone's menu, the one part that differs, is audited open without JavaScript by
 * tests/e2e/chrome/overlays-a11y.spec.ts).
 */
test.describe("accessibility (WCAG 2.2 AA, axe-core)", () => {
  for (const pathname of publicPaths) {
    test(`${pathname} has no axe violations`, async ({ auditedPage: page }) => {
      await page.goto(pathname);
      await expectNoAxeViolations(page);
    });
  }

  test("/login has no axe violations", async ({ auditedPage: page }) => {
    await page.goto("/login");
    await expectNoAxeViolations(page);
  });

  test("the 404 page has no axe violations", async ({ auditedPage: page }) => {
    const response = await page.goto("/esta-pagina-no-existe");
    expect(response?.status()).toBe(404);
    await expectNoAxeViolations(page);
  });

  test("the home page with the cookie-policy modal open has no axe violations", async ({ auditedPage: page }) => {
    await page.goto("/?modal=politica-de-cookies");
    await expect(page.getByRole("dialog", { name: "Política de cookies" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
