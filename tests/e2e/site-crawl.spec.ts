import { expect, test, type Page } from "@playwright/test";
import { customerPages, guestPages } from "../http/support/pages";
import { MOBILE } from "./support/chrome";
import { waitForHydration } from "./support/hydration";
import { ana, loginAs } from "./support/session";
import { pageScrollWidth } from "./support/page-scroll";

/**
 * No page of the site is wider than a phone: each page a visitor or a customer may use, at 375 px
 * (the page, or its own box while the cookie notice shows, is at most 375 px wide), with
 * JavaScript and without it (the page before any script, tagged @no-js). That every page is
 * reached by links and that no link answers 4xx/5xx is proved by the crawl of tests/http/site-crawl.test.ts.
 */

/** The pages of `pathnames` wider than the phone, each where it leads. */
async function tooWide(page: Page, pathnames: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const pathname of pathnames) {
    await page.goto(pathname);
    await waitForHydration(page);
    const width = await pageScrollWidth(page);
    const here = new URL(page.url());
    if (width > MOBILE.width) wide.push(`${pathname} → ${here.pathname}${here.search}: ${width} px`);
  }
  return wide;
}

test.describe("every page at 375 px", { tag: "@no-js" }, () => {
  test.use({ viewport: MOBILE });
  test.setTimeout(180_000);

  test("anonymous: no public or guest page is wider than 375 px", async ({ page }) => {
    expect(await tooWide(page, guestPages), "pages wider than the phone").toEqual([]);
  });

  test("signed in: no public or customer page is wider than 375 px", async ({ page, context }) => {
    await loginAs(context, ana);
    expect(await tooWide(page, customerPages), "pages wider than the phone").toEqual([]);
  });
});
