import { expect, type Page } from "@playwright/test";

/** Waits until the page's URL has this pathname (and, when given, this search). */
export async function expectPath(page: Page, pathname: string, search = ""): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname && url.search === search);
}
