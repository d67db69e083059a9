import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/hydration";

/**
 * A link to a page whose texts the browser does not hold yet (its namespaces, app/lib/i18n/browser.ts):
 * the address changes with the page, never before it. Until both the page's data and its texts are
 * in, the old page stays with the progress bar over it (app/lib/i18n/catalogue-loader.ts).
 */

/** What the page notes (the Navigation API: TypeScript's DOM library does not declare it yet). */
type Watched = { changes: { path: string; textsIn: boolean }[]; textsIn: boolean; navigation: EventTarget };

test("JS: a link to a page whose texts are still on their way changes the address and the page together", async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "without JavaScript every page comes whole with its texts");
  await page.goto("/");
  await waitForHydration(page);

  // Every change of the address is noted with whether the texts had been let through by then.
  await page.evaluate(() => {
    const watched = window as unknown as Watched;
    watched.changes = [];
    watched.textsIn = false;
    watched.navigation.addEventListener("currententrychange", () => watched.changes.push({ path: location.pathname, textsIn: watched.textsIn }));
  });
  // The texts are held until the test lets them through, as on a slow phone network.
  let letThrough!: () => void;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route("**/locales/**", async (route) => {
    await released;
    await route.continue();
  });
  const textsAsked = page.waitForRequest("**/locales/**");
  const dataIn = page.waitForResponse((response) => new URL(response.url()).pathname === "/recargas.data");

  await page.getByRole("navigation", { name: "Accesos rápidos" }).getByRole("link", { name: "Recargas", exact: true }).click();
  await Promise.all([textsAsked, dataIn]);
  // The page's data is in, its texts are not: the visitor is still on the page they were on, at its
  // address, with the progress bar over it.
  await expect(page.getByRole("progressbar")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.locator("h1")).not.toHaveText("Recargas Bait");

  await page.evaluate(() => ((window as unknown as Watched).textsIn = true));
  letThrough();
  await page.waitForURL((url) => url.pathname === "/recargas");
  await expect(page.locator("h1")).toHaveText("Recargas Bait");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  // The address changed once, after the texts were in.
  expect(await page.evaluate(() => (window as unknown as Watched).changes)).toEqual([{ path: "/recargas", textsIn: true }]);
});
