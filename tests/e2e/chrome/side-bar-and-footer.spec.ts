import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, footer, search } from "../support/chrome";
import { siteChrome } from "../support/chrome-config";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/**
 * The side bar (social links, WhatsApp, 'Gestiona tu bait') and the footer, as pages-config/site.json
 * sets them, in the browser: what shows, the popup, the tooltip on hover and on keyboard focus, the
 * cookie policy opened over the page. Their links' addresses, names and targets, and the footer's
 * PDFs, are proved at the HTTP level (tests/http/chrome.test.ts).
 */

const sideBar = (page: Page) => page.getByRole("complementary", { name: "Redes sociales y atención", exact: true });

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("side bar", () => {
    const links = [...siteChrome.sideBar.social, { ...siteChrome.sideBar.whatsapp, network: "whatsapp" }];

    test("the social links and WhatsApp show, and WhatsApp opens in a new window", async ({ page, context }) => {
      await context.route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ contentType: "text/html", body: "<title>fuera</title>" }));
      await page.goto("/");
      for (const item of links) await expect(sideBar(page).locator(`a[href="${item.url}"]`)).toBeVisible();
      const popup = page.waitForEvent("popup");
      await sideBar(page).locator(`a[href="${siteChrome.sideBar.whatsapp.url}"]`).click();
      expect((await popup).url()).toBe(siteChrome.sideBar.whatsapp.url);
    });

    test("'Gestiona tu bait' goes to /cambio-nir; its tooltip shows on hover and on keyboard focus", async ({ page }) => {
      const { manage, whatsapp } = siteChrome.sideBar;
      await page.goto("/");
      await waitForHydration(page);
      const link = sideBar(page).getByRole("link", { name: manage.label, exact: true });
      const tooltip = page.locator("#gestiona-tooltip");
      await expect(link).toHaveAttribute("href", manage.url);
      await expect(link).toHaveAccessibleDescription(`${manage.label} ${manage.tooltip}`);
      await expect(tooltip).toBeHidden();

      await link.hover();
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toHaveText(`${manage.label} ${manage.tooltip}`);
      await page.mouse.move(10, DESKTOP.height - 5);
      await expect(tooltip).toBeHidden();

      await sideBar(page).locator(`a[href="${whatsapp.url}"]`).focus();
      await page.keyboard.press("Tab");
      await expect(link).toBeFocused();
      await expect(tooltip).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(tooltip).toBeHidden();

      await link.click();
      await expectPath(page, "/cambio-nir");
    });
  });

  test.describe("footer", () => {
    test("'Política de cookies' opens the cookie-policy modal", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await footer(page).getByRole("link", { name: "Política de cookies", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Política de cookies", exact: true })).toBeVisible();
      expect(search(page).get("modal")).toBe("politica-de-cookies");
    });
  });
});
