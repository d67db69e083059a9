import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies } from "./support/cookies";
import { expectPath } from "./support/expect-path";
import { waitForHydration } from "./support/hydration";

/**
 * The views of the blocks few pages show load on demand (app/render/blocks/lazy-view.tsx): the
 * server renders them into the page, the browser downloads a view's chunk only on a page that
 * shows its block, and hydrates the server's HTML in place when the chunk arrives. Without
 * JavaScript the server's HTML is the page (catalogue.spec.ts, public-pages.spec.ts, modal.spec.ts).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "what the browser downloads and hydrates");

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

type Metafile = { outputs: Record<string, { entryPoint?: string }> };
const metafile = JSON.parse(readFileSync(fileURLToPath(new URL("../../build/metafile.js.json", import.meta.url)), "utf8")) as Metafile;

/** The address of each on-demand view's chunk, by block folder: the lazily imported chunks whose entry point is in a block's folder. */
const viewChunks = new Map<string, string>(
  Object.entries(metafile.outputs).flatMap(([output, { entryPoint }]): Array<[string, string]> => {
    const folder = /^app\/render\/blocks\/([^/]+)\//.exec(entryPoint ?? "")?.[1];
    return folder ? [[`/${output.replace(/^public\//, "")}`, folder]] : [];
  }),
);

/** The block folders whose view's chunk the page downloads from now on. */
function viewsDownloaded(page: Page): Set<string> {
  const folders = new Set<string>();
  page.on("request", (request) => {
    const folder = viewChunks.get(new URL(request.url()).pathname);
    if (folder) folders.add(folder);
  });
  return folders;
}

/** Waits until React has hydrated the element (React DOM keeps its fiber on each element it owns, `__reactFiber$…`). */
async function waitUntilHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  }, selector);
}

type Watched = Window & { removed?: string[]; sameDocument?: boolean };

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

const markDocument = (page: Page) => page.evaluate(() => ((window as Watched).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as Watched).sameDocument === true);

test("the home page downloads one block view, its number-first field's", async ({ page }) => {
  expect(viewChunks.size).toBeGreaterThan(0);
  const downloaded = viewsDownloaded(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect([...downloaded]).toEqual(["recharge-by-number"]);
});

test("a config page without such a block downloads no block view", async ({ page }) => {
  const downloaded = viewsDownloaded(page);
  await page.goto("/internet-en-casa");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect([...downloaded]).toEqual([]);
});

// The home page's number-first field (and /recargas') loads on demand as well: `also`.
for (const [pathname, folder, selector, also] of [
  ["/recargas", "catalogue", "#catalogo", ["recharge-by-number"]],
  ["/paquetes-bait-internacionales", "destinations", "#destinos", []],
  ["/centros-de-atencion", "stores", ".store-grid", []],
  ["/mapa-sitio", "site-map", ".site-map", []],
  ["/terminos-y-condiciones", "legal", ".legal", []],
  ["/?modal=politica-de-cookies", "legal", "dialog .legal", ["recharge-by-number"]],
] as const) {
  test(`${pathname} downloads the ${folder} view${also.length > 0 ? ` and the page's ${also.join(", ")}` : " only"}, and hydrates the server's block in place`, async ({ page }) => {
    const downloaded = viewsDownloaded(page);
    await watchRemovals(page, selector);
    await page.goto(pathname);
    await waitUntilHydrated(page, selector);
    if (also.length > 0) await page.waitForLoadState("networkidle");
    expect([...downloaded].sort()).toEqual([folder, ...also].sort());
    expect(await page.evaluate(() => (window as Watched).removed)).toEqual([]);
  });
}

test("once hydrated, the catalogue's tabs navigate within the page", async ({ page }) => {
  await page.goto("/recargas");
  await waitUntilHydrated(page, "#catalogo");
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
