import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "./support/env";
import { waitForHydration } from "./support/hydration";

/**
 * Return paths (docs/config.md › 'Return paths'): no redirect, 'volver' or close link leaves the
 * site, however the request writes the way back or its own path. `/.//evil.example` is what a
 * browser-style URL parser turns into `//evil.example`, a link to another host. Here the hydrated
 * page in the browser; the server's answers (the 404 at hostile addresses, the close link and the
 * way back without JavaScript, the redirects of the forms) are proved in tests/http/return-paths.test.ts.
 */

/**
 * A target the page built stays on our origin and never starts with `//` or `/\`; the only
 * absolute URLs are the ones site.json writes (footer, social links), never the request's host.
 */
function expectOnOrigin(targets: string[], pageUrl: string) {
  expect(targets.length).toBeGreaterThan(20);
  for (const target of targets) {
    expect(target, target).not.toMatch(/^\s*[/\\]{2}|^\/\\/);
    if (/^(mailto|tel):/.test(target)) continue;
    const url = new URL(target, pageUrl);
    if (/^https?:/.test(target)) expect(url.hostname, target).not.toContain("evil.example");
    // A path such as /%5Cevil.example is a path of ours (a 404), not that host.
    else expect(url.origin, target).toBe(BASE_URL);
  }
}

test.describe("in the browser", () => {
  async function linksOf(page: Page) {
    return page.evaluate(() => [
      ...[...document.querySelectorAll("a[href]")].map((element) => element.getAttribute("href") ?? ""),
      ...[...document.querySelectorAll("form[action]")].map((element) => element.getAttribute("action") ?? ""),
      ...[...document.querySelectorAll<HTMLInputElement>('input[name="redirectTo"], input[name="volver"]')].map((element) => element.value),
    ]);
  }

  test("the 404 at //evil.example?modal=…: every link stays here, and closing the modal lands on our home page", async ({ page }) => {
    const pageUrl = `${BASE_URL}//evil.example?modal=politica-de-cookies`;
    await page.goto(pageUrl);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "PÁGINA NO ENCONTRADA" })).toBeVisible();
    expectOnOrigin(await linksOf(page), pageUrl);

    await page.getByRole("dialog").getByRole("link", { name: "Cerrar", exact: true }).click();
    // Without JavaScript the close link lands on the page's main (#contenido).
    await expect(page).toHaveURL((url) => url.origin === BASE_URL && url.pathname === "/" && url.search === "" && ["", "#contenido"].includes(url.hash));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the 404 at //evil.example?contacto=…: the lead modal's links and way back stay here", async ({ page }) => {
    const pageUrl = `${BASE_URL}//evil.example?contacto=telefono`;
    await page.goto(pageUrl);
    await waitForHydration(page);
    await expect(page.getByRole("dialog")).toBeVisible();
    expectOnOrigin(await linksOf(page), pageUrl);
    await expect(page.getByRole("dialog").locator('input[name="volver"]')).toHaveValue("/");
  });
});
