import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies } from "./support/cookies";
import { expectPath } from "./support/expect-path";
import { hydrate, stopClock } from "./support/clock";
import { waitForHydration } from "./support/hydration";

/**
 * Every block's view comes with the page's JavaScript (a block is one folder, its view imported
 * plainly by app/render/blocks/index.ts): the server renders it into the page; the browser hydrates
 * an interactive block in place with the rest, and keeps any other as the server's HTML
 * (app/components/static-html.tsx), its links navigating in the page once the page is hydrated. The page's texts come in its HTML (app/lib/i18n/page-resources.tsx);
 * a page reached by a link that needs a namespace the first page did not carry loads it before it
 * shows (app/lib/i18n/browser.ts), so no text ever shows as its key. Without JavaScript the server's
 * HTML is the page (tests/http/catalogue.test.ts, tests/http/modal.test.ts, public-pages.spec.ts):
 * what the browser downloads and hydrates is proved here, with JavaScript only.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

type Metafile = { outputs: Record<string, { entryPoint?: string }> };
const metafile = JSON.parse(readFileSync(fileURLToPath(new URL("../../build/metafile.js.json", import.meta.url)), "utf8")) as Metafile;

/** Waits until React has hydrated the block (its mark: app/components/hydration-mark.ts). */
async function waitUntilHydrated(page: Page, selector: string): Promise<void> {
  await expect(page.locator(selector)).toHaveAttribute("data-hydrated", "");
}

type Watched = Window & { removed?: string[]; texts?: string[]; sameDocument?: boolean };

/** Records, from the page's first byte, every element removed that is or holds `selector`. */
async function watchRemovals(page: Page, selector: string): Promise<void> {
  await page.addInitScript((css) => {
    const removed: string[] = ((window as Watched).removed = []);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node instanceof Element && (node.matches(css) || node.querySelector(css))) removed.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/** Records, from the page's first byte, the text of every node added to the body or changed in it. */
async function watchTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const texts: string[] = ((window as Watched).texts = []);
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "characterData") texts.push(record.target.textContent ?? "");
        for (const node of record.addedNodes) if (!(node instanceof HTMLScriptElement)) texts.push(node.textContent ?? "");
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The keys of a catalogue (locales/es-MX/NS.json), plural suffixes taken off, as a text would show one. */
function keysOf(ns: string): string[] {
  type Catalogue = { [key: string]: string | Catalogue };
  const catalogue = JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/es-MX/${ns}.json`, import.meta.url)), "utf8")) as Catalogue;
  const leaves = (node: Catalogue, prefix = ""): string[] =>
    Object.entries(node).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`)));
  return [...new Set(leaves(catalogue).map((key) => key.replace(/_(zero|one|other)$/, "")))];
}

const markDocument = (page: Page) => page.evaluate(() => ((window as Watched).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as Watched).sameDocument === true);

test("no block's view is a chunk of its own", () => {
  const blockChunks = Object.values(metafile.outputs).filter(({ entryPoint }) => /^app\/render\/blocks\//.test(entryPoint ?? ""));
  expect(blockChunks).toEqual([]);
});

/** A kept block (app/components/static-html.tsx): the server's HTML, left alone by React. */
for (const [pathname, selector] of [
  ["/recargas", "#catalogo"],
  ["/centros-de-atencion", ".block:has(.store-grid)"],
  ["/mapa-sitio", ".site-map"],
  ["/terminos-y-condiciones", ".legal"],
  ["/?modal=politica-de-cookies", "dialog .legal"],
] as const) {
  test(`${pathname} keeps the server's block as it is: never hydrated, nothing of it replaced, its texts in Spanish`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    await watchRemovals(page, selector);
    await page.goto(pathname);
    await waitForHydration(page);
    await expect(page.locator(selector)).toBeVisible();
    // Its view never ran in the browser: the hydration mark its element takes from React is not there.
    await expect(page.locator(selector)).not.toHaveAttribute("data-hydrated");
    await expect(page.locator(selector).locator("xpath=ancestor::*[@data-static]")).toHaveCount(1);
    expect(await page.evaluate(() => (window as Watched).removed)).toEqual([]);
    await expect(page.locator(selector)).not.toContainText(/\bblocks[:.]/);
    expect(errors).toEqual([]);
  });
}

test("/paquetes-bait-internacionales hydrates its destinations search in place (a form: interactive), its texts in Spanish", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  await watchRemovals(page, "#destinos");
  await page.goto("/paquetes-bait-internacionales");
  await waitUntilHydrated(page, "#destinos");
  await expect(page.locator("#destinos").locator("xpath=ancestor::*[@data-static]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as Watched).removed)).toEqual([]);
  await expect(page.locator("#destinos")).not.toContainText(/\bblocks[:.]/);
  expect(errors).toEqual([]);
});

test("a kept block's link is a link before the page's code runs, and a navigation in the page once it has", async ({ page }) => {
  // Before: the page's clock stopped, its script has not started hydrating (app/entry.client.tsx waits a task).
  await stopClock(page);
  await page.goto("/mapa-sitio");
  await markDocument(page);
  const link = page.locator('.site-map a[href="/recargas"]');
  await link.click();
  await expectPath(page, "/recargas");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page), "a full page load").toBe(false);

  // After: the same link, the page hydrated.
  await page.goto("/mapa-sitio");
  await hydrate(page);
  await markDocument(page);
  await page.locator('.site-map a[href="/recargas"]').click();
  await expectPath(page, "/recargas");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument(page), "a navigation in the page").toBe(true);
});

test("the first page's texts come in its HTML: no catalogue is requested to hydrate it", async ({ page }) => {
  const catalogues: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/locales/")) catalogues.push(request.url());
  });
  for (const pathname of ["/", "/recargas", "/login"]) {
    await page.goto(pathname);
    await waitForHydration(page);
  }
  expect(catalogues).toEqual([]);
});

test("a link to a page whose namespace the first page did not carry shows its Spanish texts, never a key", async ({ page }) => {
  const catalogues: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/locales/")) catalogues.push(pathname);
  });
  await watchTexts(page);
  await page.goto("/");
  await waitForHydration(page);
  expect(await page.locator("#i18n-resources").textContent()).not.toContain('"auth"');
  await markDocument(page);
  await page.getByRole("banner").locator('a[href="/login"]').first().click();
  await expectPath(page, "/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inicio de sesión");
  expect(await sameDocument(page)).toBe(true);
  expect(catalogues).toEqual(["/locales/auth.json"]);
  const texts = (await page.evaluate(() => (window as Watched).texts ?? [])).join("\n");
  const keys = keysOf("auth");
  expect(keys.filter((key) => texts.includes(key))).toEqual([]);
  expect(texts).not.toMatch(/\bauth:/);
});

test("once the page is hydrated, the catalogue's tabs (kept HTML) navigate within the page", async ({ page }) => {
  await page.goto("/recargas");
  await waitForHydration(page);
  await markDocument(page);
  const tabs = page.getByRole("navigation", { name: "Categorías de recarga", exact: true });
  await tabs.getByRole("link", { name: "Internet Portátil", exact: true }).click();
  await expectPath(page, "/recargas", "?section=mifi");
  await expect(tabs.getByRole("link", { name: "Internet Portátil", exact: true })).toHaveAttribute("aria-current", "page");
  expect(await sameDocument(page)).toBe(true);
});

test("once hydrated, the destinations search answers within the page", async ({ page }) => {
  await page.goto("/paquetes-bait-internacionales");
  await waitUntilHydrated(page, "#destinos");
  await markDocument(page);
  const destinations = page.locator("#destinos");
  await destinations.getByRole("searchbox", { name: "Busca tu destino", exact: true }).fill("colombia");
  await destinations.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(destinations.getByRole("heading", { name: "Resultados para «colombia»", exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("a link to a page with such a block shows it without reloading the page", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Mapa de sitio", exact: true }).click();
  await expectPath(page, "/mapa-sitio");
  await expect(page.locator(".site-map").getByRole("link").first()).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
