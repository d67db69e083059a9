import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { MOBILE } from "./support/chrome";
import { waitForHydration } from "./support/hydration";
import { ana, loginAs } from "./support/session";
import { pageScrollWidth } from "./support/page-scroll";

/**
 * The whole site as a visitor and as a customer reach it: a breadth-first crawl that follows
 * every same-origin link (menu, footer, body) from / (anonymous) and from /home (signed in),
 * at 375 px, with JavaScript on and off (the two projects). Every page a visitor or customer may
 * use must be reached by links, no link may answer 4xx/5xx, and no page may be wider than the
 * phone (the page, or its own box while the cookie notice shows, is at most 375 px wide).
 *
 * The pages: the route modules of app/routes and the config pages of pages-config/pages, less
 * the technical ones and those that are, by design, reached by a form or a redirect and never by
 * a link (NOT_BY_LINK, each with its reason). Each distinct path is loaded once as a document;
 * the other links (the same page with a query, PDFs) are checked with a request.
 */

const root = process.cwd();
const slug = (JSON.parse(readFileSync(path.join(root, "pages-config/site.json"), "utf8")) as { brand?: { slug?: string } }).brand?.slug ?? "bait";

/** Not pages: the APIs, the catalogues' texts (`locales.$file`, fetched by the browser after a link), the SSO return, logging out and the catch-all. */
const isTechnical = (name: string) => name.startsWith("api.") || ["sso-callback", "logout", "$", "locales.$file"].includes(name);

/**
 * The studio (docs/studio.md): marketing's staff tool, reached by typing its address, never linked
 * from the customer site; a 404 unless STUDIO_SECRET is set, and the suite's server has none
 * (tests/e2e/studio/ runs it on servers of its own).
 */
const STUDIO = "the studio, a staff tool opened by typing its address (docs/studio.md) and never linked from the site; a 404 here, where STUDIO_SECRET is unset";

/** Pages reached by a form or a redirect, never by a link, and why. */
const NOT_BY_LINK: Record<string, string> = {
  "/pago": "the checkout: the recharge, SIM and eSIM forms post to it",
  "/pago/completado": "the checkout's answer, after the payment",
  "/contacto": "the lead form's action",
  "/consentimiento": "the cookie banner's action",
  "/confirmar-identidad": "the step-up: a change to the line redirects there for the password",
  "/completar-registro": "the registration's last step, after the code",
  "/vista-previa": "marketing's preview of a draft config: opened by a signed link given by hand (npm run config:preview-link), and a 404 when previews are off",
  "/sso": "the SSO entry of the login page, shown only when the sso flag is on for the visitor (off for anonymous visitors in pages-config/flags.json)",
  "/r/$id": "a 'Pide tu recarga' link's page: opened by the link its maker sends (docs/request-link.md), whose token no page lists to a visitor",
  "/estudio": STUDIO,
  "/estudio/documento": STUDIO,
  "/estudio/versiones": STUDIO,
  "/estudio/versiones/$numero": STUDIO,
  "/estudio/entrar": `${STUDIO} (its sign-in)`,
  "/estudio/salir": `${STUDIO} (its sign-out, a form's action: POST only)`,
};

/** Only for anonymous visitors (a customer goes to /home), and only for customers. */
const GUEST_ONLY = new Set(["/login", "/registro", "/recuperacion"]);
const CUSTOMER_ONLY = new Set(["/home", "/recurrente", "/editar-perfil", "/factura", "/reposicion-sim", "/recargar-de-nuevo", `/${slug}-pospago`]);

/** `_index` → /, `estudio.versiones._index` → /estudio/versiones, `pago_.completado` → /pago/completado, `home` → /home. */
function routePath(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(".").filter((segment) => segment !== "_index");
  return `/${segments.map((segment) => segment.replace(/_$/, "")).join("/")}`;
}

const routePages = readdirSync(path.join(root, "app/routes"))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file) && !isTechnical(file.replace(/\.tsx?$/, "")))
  .map(routePath);
const configPages = readdirSync(path.join(root, "pages-config/pages"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => (JSON.parse(readFileSync(path.join(root, "pages-config/pages", file), "utf8")) as { path: string }).path.replaceAll("{product}", slug));
const sitePages = [...new Set([...routePages, ...configPages])].filter((page) => !(page in NOT_BY_LINK)).sort();

type CrawlResult = { reached: Set<string>; broken: string[]; tooWide: string[] };

/** Breadth-first from `start`; each path loaded once, every other link asked for once. */
async function crawl(page: Page, start: string): Promise<CrawlResult> {
  const origin = new URL(page.url()).origin;
  const result: CrawlResult = { reached: new Set(), broken: [], tooWide: [] };
  const seen = new Map<string, string>([[start, "(inicio)"]]);
  const loaded = new Set<string>([new URL(start, "http://x").pathname]);
  const queue = [start];
  const checkOnly: string[] = [];
  while (queue.length > 0) {
    const target = queue.shift()!;
    const response = await page.goto(target);
    const status = response?.status() ?? 0;
    if (status >= 400) {
      result.broken.push(`${target} → ${status} (enlace en ${seen.get(target)})`);
      continue;
    }
    const here = new URL(page.url());
    if (here.origin !== origin) continue;
    result.reached.add(here.pathname);
    await waitForHydration(page);
    const width = await pageScrollWidth(page);
    if (width > MOBILE.width) result.tooWide.push(`${here.pathname}${here.search}: ${width} px`);
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || url.pathname === "/logout" || url.pathname.startsWith("/__mocks")) continue;
      const key = `${url.pathname}${url.search}`;
      if (seen.has(key)) continue;
      seen.set(key, `${here.pathname}${here.search}`);
      if (loaded.has(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)) checkOnly.push(key);
      else {
        loaded.add(url.pathname);
        queue.push(key);
      }
    }
  }
  // A few requests at a time: the statuses only, no rendering.
  for (let index = 0; index < checkOnly.length; index += 6) {
    await Promise.all(
      checkOnly.slice(index, index + 6).map(async (key) => {
        const status = (await page.request.get(key)).status();
        if (status >= 400) result.broken.push(`${key} → ${status} (enlace en ${seen.get(key)})`);
      }),
    );
  }
  return result;
}

test.describe("the site by its links (375 px)", () => {
  test.use({ viewport: MOBILE });
  test.setTimeout(180_000);

  test("anonymous, from /: every public and guest page is reached, no link answers 4xx/5xx, no page is wider than 375 px", async ({ page }) => {
    await page.goto("/");
    const { reached, broken, tooWide } = await crawl(page, "/");
    const missing = sitePages.filter((pathname) => !CUSTOMER_ONLY.has(pathname) && !reached.has(pathname));
    expect.soft(missing, "pages no link leads to").toEqual([]);
    expect.soft(broken, "links answering 4xx/5xx").toEqual([]);
    expect.soft(tooWide, "pages wider than the phone").toEqual([]);
  });

  test("signed in, from /home: every public and customer page is reached, no link answers 4xx/5xx, no page is wider than 375 px", async ({ page, context }) => {
    await loginAs(context, ana);
    await page.goto("/home");
    const { reached, broken, tooWide } = await crawl(page, "/home");
    const missing = sitePages.filter((pathname) => !GUEST_ONLY.has(pathname) && !reached.has(pathname));
    expect.soft(missing, "pages no link leads to").toEqual([]);
    expect.soft(broken, "links answering 4xx/5xx").toEqual([]);
    expect.soft(tooWide, "pages wider than the phone").toEqual([]);
  });

  test("the list of pages comes from app/routes and pages-config/pages", () => {
    // A guard on the test itself: an empty or shrunken list would make the crawl prove nothing.
    expect(sitePages).toEqual(expect.arrayContaining(["/", "/recargas", "/login", "/home", "/recurrente", "/factura", "/mapa-sitio", `/${slug}-prepago`]));
    expect(sitePages.length).toBeGreaterThan(25);
    // Every page NOT_BY_LINK excuses exists: a renamed or removed route leaves no stale excuse.
    const pages = new Set([...routePages, ...configPages]);
    expect(Object.keys(NOT_BY_LINK).filter((pathname) => !pages.has(pathname))).toEqual([]);
  });
});
