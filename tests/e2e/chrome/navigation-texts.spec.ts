import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/hydration";

/**
 * A link to a page whose texts the browser does not hold yet (its namespaces, app/lib/i18n/browser.ts):
 * the address changes with the page, never before it. Until both the page's data and its texts are
 * in, the old page stays with the progress bar over it (app/lib/i18n/catalogue-loader.ts).
 */

/** How long the texts take; the new page must follow its address well within it. */
const TEXTS_DELAY_MS = 4000;

test("JS: a link to a page whose texts are still on their way changes the address and the page together", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "without JavaScript every page comes whole with its texts");
  // The texts take their time, as on a slow phone network.
  await page.route("**/locales/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, TEXTS_DELAY_MS));
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);

  await page.getByRole("navigation", { name: "Accesos rápidos" }).getByRole("link", { name: "Recargas", exact: true }).click();
  // While it loads, the progress bar says so, on the page the visitor is still on.
  await expect(page.getByRole("progressbar")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");

  await page.waitForURL((url) => url.pathname === "/recargas", { timeout: TEXTS_DELAY_MS + 10_000 });
  // Once the address is the new page's, the page follows within React's render (a frame or a few),
  // not after the texts' wait: the old page never sits under the new address.
  await expect(page.locator("h1")).toHaveText("Recargas Bait", { timeout: TEXTS_DELAY_MS / 4 });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});
