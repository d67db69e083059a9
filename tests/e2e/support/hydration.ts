import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * What React hydrates each on its own; `onDemand: false` leaves out what waits for code loaded on
 * demand. What is inside kept server HTML (`[data-static]`: app/components/static-html.tsx) is
 * never hydrated, so never waited for.
 */
const PARTS = ":is(.block, dialog, form, .site-header, .side-bar, .site-footer):not([data-static] *)";
const PARTS_BUT_ON_DEMAND = ":is(.block, .site-header, .side-bar, .site-footer):not([data-static] *)";

/**
 * With JavaScript, waits until React owns the server-rendered page, so a click is a client-side
 * navigation rather than a full page load. Without JavaScript there is nothing to wait for.
 *
 * The product marks what React owns (app/components/hydration-mark.ts): `<html data-hydrated>`
 * once the root route has hydrated (the router has started), and each part React hydrates on its
 * own once it has: the header, the side bar and the footer (app/render/chrome/shell.tsx), every
 * interactive block, and every dialog and form, whose code may load on demand (app/components/on-demand.tsx)
 * and arrive later. React may also hydrate the page after the router has started (a namespace the
 * page's HTML did not carry, loaded first: app/lib/i18n/browser.ts). `onDemand: false` waits for
 * the blocks and the chrome only, for a test that holds the on-demand code back: a form whose code
 * has not arrived still works, as a plain HTML form (a click on it is a full POST).
 */
export async function waitForHydration(page: Page, { onDemand = true }: { onDemand?: boolean } = {}): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) return;
  // As long as the test may run (timeout 0), as a wait for the page should: how long hydrating
  // takes on a busy machine is not what a test here judges.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 0 });
  await expect(page.locator(`${onDemand ? PARTS : PARTS_BUT_ON_DEMAND}:not([data-hydrated])`)).toHaveCount(0, { timeout: 0 });
}

/**
 * With JavaScript, a modal the server rendered open (`<dialog open>`) becomes a true modal dialog
 * once its code has run (app/components/url-modal.tsx: `showModal`, Esc closes it, the focus stays
 * in it). Its code may arrive after the page's (a lazy chunk): wait for it before using the
 * keyboard in the dialog or typing what its code checks.
 */
export async function waitForModal(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
}
