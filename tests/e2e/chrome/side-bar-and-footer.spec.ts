import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, footer, search } from "../support/chrome";
import { footerPdfs, siteChrome } from "../support/chrome-config";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/** The side bar (social links, WhatsApp, 'Gestiona tu bait') and the footer, as pages-config/site.json sets them. */

const sideBar = (page: Page) => page.getByRole("complementary", { name: "Redes sociales y atención", exact: true });

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("side bar", () => {
    const links = [...siteChrome.sideBar.social, { ...siteChrome.sideBar.whatsapp, network: "whatsapp" }];

    test("the social links and WhatsApp show and open in a new window", async ({ page, context }) => {
      await context.route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ contentType: "text/html", body: "<title>fuera</title>" }));
      await page.goto("/");
      await expect(sideBar(page).locator('a[target="_blank"]'), "new-window links of the side bar").toHaveCount(links.length);
      for (const item of links) {
        const link = sideBar(page).locator(`a[href="${item.url}"]`);
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
        await expect(link).toHaveAccessibleName(`${item.label} (se abre en una ventana nueva)`);
      }
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
    test("every footer PDF answers 200 with application/pdf", async ({ page, request }) => {
      await page.goto("/");
      const pdfLinks = footer(page).locator('a[href$=".pdf"]');
      await expect(pdfLinks).toHaveCount(footerPdfs.length);
      for (const document of footerPdfs) {
        const link = footer(page).locator(`a[href="${document.url}"]`);
        // The document's name and what it is, "(PDF)", read together.
        await expect(link).toHaveText(`${document.label} (PDF)`);
        const response = await request.get(document.url);
        expect(response.status(), document.url).toBe(200);
        expect(response.headers()["content-type"], document.url).toMatch(/^application\/pdf\b/);
        expect((await response.body()).subarray(0, 5).toString("latin1"), `${document.url} is a PDF`).toBe("%PDF-");
      }
    });

    test("local links, the sister sites in a new window, the privacy notice and the copyright line", async ({ page }) => {
      await page.goto("/");
      for (const option of siteChrome.footer.local) {
        await expect(footer(page).getByRole("link", { name: option.label, exact: true })).toHaveAttribute("href", option.url ?? "");
      }
      const sisterSites = footer(page).locator("section").filter({ has: page.getByRole("heading", { name: "Sitios Bait", exact: true }) });
      await expect(sisterSites.getByRole("link"), "links under 'Sitios Bait'").toHaveCount(siteChrome.footer.sisterSites.length);
      for (const site of siteChrome.footer.sisterSites) {
        const link = footer(page).getByRole("link", { name: `${site.name} (se abre en una ventana nueva)`, exact: true });
        await expect(link).toHaveAttribute("href", site.url);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
      }
      for (const option of siteChrome.footer.legal.filter((entry) => entry.type === "url")) {
        const link = footer(page).locator(`a[href="${option.url}"]`);
        await expect(link).toContainText(option.label);
        if (option.newWindow) await expect(link).toHaveAttribute("target", "_blank");
      }
      await expect(footer(page).getByText(siteChrome.footer.copyright, { exact: true })).toBeVisible();
    });

    test("'Política de cookies' opens the cookie-policy modal", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await footer(page).getByRole("link", { name: "Política de cookies", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Política de cookies", exact: true })).toBeVisible();
      expect(search(page).get("modal")).toBe("politica-de-cookies");
    });
  });
});
