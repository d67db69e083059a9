import { describe, expect, it } from "vitest";
import { expectedHeading, navigation, pageAt, publicPaths, site as siteConfig, siteMapLabel } from "../e2e/support/config";
import { useSite } from "./support/site";

/**
 * Every public page of the navigation catalogue as the server answers it: 200, in es-MX, one h1
 * with its heading, its title and the footer's copyright line; and the site map's link to every
 * entry of the catalogue. That the pages are laid out and pass axe is in tests/e2e/a11y.spec.ts.
 */
const site = useSite();

describe("public pages of the navigation catalogue", () => {
  it.each(publicPaths.map((pathname) => [pathname, expectedHeading(pageAt(pathname))] as const))(
    "%s answers 200 in es-MX with its h1 «%s», its title and the footer",
    async (pathname, heading) => {
      const answer = await site.visitor().get(pathname);
      expect(answer.status, `status of ${pathname}`).toBe(200);
      expect(answer.$("html").attr("lang")).toBe("es-MX");
      expect(answer.$("h1").length).toBe(1);
      expect(answer.$("h1").text().trim()).toBe(heading);
      expect(answer.$("head > title").text()).toBe(pageAt(pathname).title);
      const copyright = answer.$("footer *").filter((_, element) => answer.$(element).children().length === 0 && answer.$(element).text().trim() === siteConfig.footer.copyright);
      expect(copyright.length, "the footer's copyright line").toBeGreaterThan(0);
    },
  );
});

it("the site map links to every entry of the navigation catalogue", async () => {
  const answer = await site.visitor().get("/mapa-sitio");
  expect(answer.status).toBe(200);
  const siteMap = answer.$(`nav[aria-label="${siteMapLabel()}"]`);
  expect(siteMap.length).toBe(1);
  const links = siteMap.find("a");
  for (const entry of navigation) {
    const link = links.filter((_, a) => answer.$(a).text().trim() === entry.label);
    expect(link.length, `site-map link «${entry.label}»`).toBe(1);
    expect(link.attr("href"), `site-map link «${entry.label}»`).toBe(entry.path);
  }
  expect(links.length).toBe(navigation.length);
});
