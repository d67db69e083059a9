import type { Page } from "@playwright/test";

/**
 * How far the page is scrolled. While the cookie notice shows, the page scrolls inside its own box
 * (`body > .site`, app.css "Cookie notice"), not the window: this reads whichever scrolls.
 */
export function pageScrollY(page: Page): Promise<number> {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>("body > .site");
    return box && getComputedStyle(box).overflowY !== "visible" ? box.scrollTop : window.scrollY;
  });
}

/** Scrolls the page (its own box while the cookie notice shows, else the window) to its very end. */
export function scrollPageToEnd(page: Page): Promise<void> {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>("body > .site");
    if (box && getComputedStyle(box).overflowY !== "visible") box.scrollTop = box.scrollHeight;
    else window.scrollTo(0, document.documentElement.scrollHeight);
  });
}

/** How wide the page's content is: the window's and, while the cookie notice shows, its own box's (a sideways scroll would be there). */
export function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.querySelector<HTMLElement>("body > .site")?.scrollWidth ?? 0));
}
