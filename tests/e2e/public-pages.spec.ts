import { expect, test } from "@playwright/test";
import { expectedHeading, navigation, pageAt, publicPaths, site, siteMapLabel } from "./support/config";

test.describe("public pages of the navigation catalogue", () => {
  for (const pathname of publicPaths) {
    const page = pageAt(pathname);

    test(`${pathname} answers 200 in es-MX with its h1 «${expectedHeading(page)}», its title and the footer`, async ({ page: browser }) => {
      const response = await browser.goto(pathname);
      expect(response?.status(), `status of ${pathname}`).toBe(200);
      await expect(browser.locator("html")).toHaveAttribute("lang", "es-MX");

      const heading = browser.getByRole("heading", { level: 1 });
      await expect(heading).toHaveCount(1);
      await expect(heading).toBeVisible();
      await expect(heading).toHaveText(expectedHeading(page));

      await expect(browser).toHaveTitle(page.title);
      await expect(browser.locator("footer").getByText(site.footer.copyright, { exact: true })).toBeVisible();
    });
  }
});

test("the site map links to every entry of the navigation catalogue", async ({ page }) => {
  await page.goto("/mapa-sitio");
  const siteMap = page.getByRole("navigation", { name: siteMapLabel(), exact: true });
  await expect(siteMap).toBeVisible();
  for (const entry of navigation) {
    const link = siteMap.getByRole("link", { name: entry.label, exact: true });
    await expect(link, `site-map link «${entry.label}»`).toHaveAttribute("href", entry.path);
  }
  await expect(siteMap.getByRole("link")).toHaveCount(navigation.length);
});
