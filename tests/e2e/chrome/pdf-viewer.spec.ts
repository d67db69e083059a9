import { expect, test } from "@playwright/test";
import { DESKTOP, footer, MOBILE } from "../support/chrome";
import { footerPdfs } from "../support/chrome-config";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/**
 * The PDF viewer the footer's documents open in: an overlay on a desktop, the file itself on a
 * phone. That /?pdf= renders the viewer from the server, and no viewer for a file that is not one
 * of the site's documents, is proved at the HTTP level (tests/http/chrome.test.ts).
 */

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("PDF viewer", () => {
    const document = footerPdfs[0]!;

    test("JS: a footer PDF opens in an overlay with the file framed and a direct link; Esc closes it", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the overlay opens from a click only with JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const link = footer(page).locator(`a[href="${document.url}"]`);
      await link.click();
      await expect(page).toHaveURL((url) => url.searchParams.get("pdf") === document.url);
      const dialog = page.getByRole("dialog", { name: document.label, exact: true });
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
      await expect(dialog.locator("iframe")).toHaveAttribute("src", document.url);
      await expect(dialog.locator("iframe")).toHaveAttribute("title", `Documento PDF: ${document.label}`);
      const direct = dialog.getByRole("link", { name: "Abrir el PDF en una pestaña nueva", exact: true });
      await expect(direct).toHaveAttribute("href", document.url);
      await expect(direct).toHaveAttribute("target", "_blank");

      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expectPath(page, "/");
      await expect(link).toBeFocused();
    });
  });
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: MOBILE });

  test.describe("PDF viewer", () => {
    test("JS: at 375 px a footer PDF opens the file itself, not the overlay", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript every width opens the file");
      const document = footerPdfs[0]!;
      await page.goto("/");
      await waitForHydration(page);
      const navigation = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === document.url);
      await footer(page).locator(`a[href="${document.url}"]`).click();
      const request = await navigation;
      expect(request.frame()).toBe(page.mainFrame());
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(new URL(page.url()).searchParams.has("pdf")).toBe(false);
    });
  });
});
