import type { Page, Request } from "@playwright/test";

/**
 * Holds back the page's requests to `url` (those `hold` picks; every one by default) until the
 * returned `release()` is called, then lets them go on: a page as a slow network shows it, with
 * its code or an answer still on the way. Requests after the release go at once.
 */
export async function holdRequests(page: Page, url: Parameters<Page["route"]>[0], hold: (request: Request) => boolean = () => true): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (hold(route.request())) await released;
    // The page may have gone on without it (a reload, a closed test): nothing is left to answer.
    await route.continue().catch(() => undefined);
  });
  return release;
}
