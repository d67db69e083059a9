import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/**
 * Time in the browser tests (docs/testing.md "The levels"): the page's clock is Playwright's
 * (`page.clock`), stopped, and moves only when the test moves it; a test never waits on the
 * machine's clock, which a busy machine stretches.
 */

/** Where a stopped clock starts: a fixed instant, so nothing depends on when the test runs. */
export const CLOCK_START = new Date("2026-03-02T10:00:00-06:00");

/**
 * Stops the page's clock at `at` from the next document's first byte (a reload's too): its timers
 * (setTimeout, setInterval, Date…) run only when the test moves it with `page.clock.runFor`.
 * Call before `page.goto`, then `hydrate` instead of `waitForHydration`.
 */
export async function stopClock(page: Page, at = CLOCK_START): Promise<void> {
  // An installed clock runs until paused, and pausing cannot go back in time: installed a minute
  // before `at`, it is then stopped at `at` exactly.
  await page.clock.install({ time: at.getTime() - 60_000 });
  await page.clock.pauseAt(at);
}

/**
 * `waitForHydration` on a stopped clock. The page's script starts hydrating in tasks of its own,
 * after zero-delay timers (app/entry.client.tsx), which a stopped clock runs only when moved: the
 * clock moves a millisecond at a time until the root has hydrated (its mark on `<html>`), then the
 * rest hydrates without it.
 */
export async function hydrate(page: Page): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect
    .poll(
      async () => {
        if ((await page.locator("html[data-hydrated]").count()) > 0) return true;
        await page.clock.runFor(1);
        return false;
      },
      { timeout: 0 },
    )
    .toBe(true);
  await waitForHydration(page);
}

/** The page's time now, in ms since the epoch: on a stopped clock, where the test has moved it. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());
