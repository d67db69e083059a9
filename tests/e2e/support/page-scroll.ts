import type { Page } from "@playwright/test";

/** How far the page (the document: app.css keeps it the page's one scroller) is scrolled. */
export function pageScrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Scrolls the page to its very end. */
export function scrollPageToEnd(page: Page): Promise<void> {
  return page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
}

/** How wide the page's content is (a sideways scroll would show here). */
export function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
