import { expect, test, type Locator, type Page } from "@playwright/test";

type RemixWindow = Window & { __remixRouter?: { state: { initialized: boolean } } };

/**
 * With JavaScript, waits until Remix has taken over the server-rendered page, so a click is a
 * client-side navigation rather than a full page load. Without JavaScript there is nothing to wait for.
 */
export async function waitForHydration(page: Page, { onDemand = true }: { onDemand?: boolean } = {}): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.waitForFunction(() => (window as RemixWindow).__remixRouter?.state.initialized === true);
  // React may hydrate a page after the router has started (a namespace the page's HTML did not
  // carry, loaded first: app/lib/i18n/browser.ts), and a click on HTML not yet owned by React is a
  // full page load. A modal whose code loads on demand (app/components/on-demand.tsx) is hydrated
  // when its chunk has arrived. React marks each element it has hydrated with a `__reactFiber$…`
  // key; wait for every block, dialog and form (`onDemand: false`: the blocks only, for a test that
  // holds the on-demand code back), and for the header, side bar and footer, which React hydrates
  // each on its own (app/render/chrome/shell.tsx). A form whose code has not arrived still works,
  // as a plain HTML form: a click on it is a full POST, not the browser's check the test is for.
  await page.waitForFunction(
    (selector) => Array.from(document.querySelectorAll(selector)).every((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"))),
    onDemand ? ".block, dialog, form, .site-header, .side-bar, .site-footer" : ".block, .site-header, .side-bar, .site-footer",
  );
  // React commits the hydration right after the router's first render; two frames cover it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
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
