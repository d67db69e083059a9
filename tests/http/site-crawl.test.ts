import { describe, expect, it } from "vitest";
import { ana } from "../e2e/support/session";
import { configPages, customerPages, guestPages, NOT_BY_LINK, routePages, sitePages, slug } from "./support/pages";
import { useSite, type Visitor } from "./support/site";

/**
 * The whole site as a visitor and as a customer reach it by its links: a breadth-first crawl of
 * the HTML that follows every same-origin link (menu, footer, body) from / (anonymous) and from
 * /home (signed in). Every page a visitor or customer may use must be reached by links, and no
 * link may answer 4xx/5xx. Each distinct path is loaded once as a document; the other links (the
 * same page with a query, PDFs) are asked for once. That no page is wider than a phone is in
 * tests/e2e/site-crawl.spec.ts.
 */
const site = useSite();

type CrawlResult = { reached: Set<string>; broken: string[] };

/** Breadth-first from `start`; each path loaded once, every other link asked for once. */
async function crawl(visitor: Visitor, start: string): Promise<CrawlResult> {
  const origin = new URL(site.base).origin;
  const result: CrawlResult = { reached: new Set(), broken: [] };
  const seen = new Map<string, string>([[start, "(inicio)"]]);
  const loaded = new Set<string>([new URL(start, origin).pathname]);
  const queue = [start];
  const checkOnly: string[] = [];
  while (queue.length > 0) {
    const target = queue.shift()!;
    const answer = await visitor.follow(target);
    if (answer.status >= 400) {
      result.broken.push(`${target} → ${answer.status} (enlace en ${seen.get(target)})`);
      continue;
    }
    if (/^https?:/.test(answer.url)) continue; // led off the site
    const here = new URL(answer.url, origin);
    result.reached.add(here.pathname);
    for (const element of answer.$("a[href]").toArray()) {
      const url = new URL(answer.$(element).attr("href")!, here);
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
  // A few requests at a time: the statuses only.
  for (let index = 0; index < checkOnly.length; index += 6) {
    await Promise.all(
      checkOnly.slice(index, index + 6).map(async (key) => {
        const { status } = await visitor.follow(key);
        if (status >= 400) result.broken.push(`${key} → ${status} (enlace en ${seen.get(key)})`);
      }),
    );
  }
  return result;
}

describe("the site by its links", () => {
  it("anonymous, from /: every public and guest page is reached and no link answers 4xx/5xx", { timeout: 120_000 }, async () => {
    const { reached, broken } = await crawl(site.visitor(), "/");
    expect.soft(guestPages.filter((pathname) => !reached.has(pathname)), "pages no link leads to").toEqual([]);
    expect.soft(broken, "links answering 4xx/5xx").toEqual([]);
  });

  it("signed in, from /home: every public and customer page is reached and no link answers 4xx/5xx", { timeout: 120_000 }, async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const { reached, broken } = await crawl(visitor, "/home");
    expect.soft(customerPages.filter((pathname) => !reached.has(pathname)), "pages no link leads to").toEqual([]);
    expect.soft(broken, "links answering 4xx/5xx").toEqual([]);
  });

  it("the list of pages comes from app/routes and pages-config/pages", () => {
    // A guard on the test itself: an empty or shrunken list would make the crawl prove nothing.
    expect(sitePages).toEqual(expect.arrayContaining(["/", "/recargas", "/login", "/home", "/recurrente", "/factura", "/mapa-sitio", `/${slug}-prepago`]));
    expect(sitePages.length).toBeGreaterThan(25);
    // Every page NOT_BY_LINK excuses exists: a renamed or removed route leaves no stale excuse.
    const pages = new Set([...routePages, ...configPages]);
    expect(Object.keys(NOT_BY_LINK).filter((pathname) => !pages.has(pathname))).toEqual([]);
  });
});
