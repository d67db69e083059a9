import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { MOBILE } from "../support/chrome";
import { acceptCookies } from "../support/cookies";
import { bannersOf, siteChrome } from "../support/chrome-config";
import { waitForHydration } from "../support/hydration";

/**
 * How the site looks as a whole: banner slides whose words are live text beside text-free
 * illustrations, one opening on the home page, grids without empty cells at any width, and a
 * side bar that never covers the page and names its every icon. The top of the phone's page (its
 * header without JavaScript is another: a link to the menu, not sticky) is measured without
 * JavaScript too (@no-js).
 */

const carousel = (page: Page) => page.getByRole("region", { name: "Promociones destacadas", exact: true });
const sideBar = (page: Page) => page.getByRole("complementary", { name: "Redes sociales y atención", exact: true });

test.describe("banner slides", () => {
  test("the images in public/images/banners and offers carry no text of their own", () => {
    for (const folder of ["banners", "offers"]) {
      const directory = path.join(process.cwd(), "public/images", folder);
      for (const file of readdirSync(directory).filter((name) => name.endsWith(".svg"))) {
        const svg = readFileSync(path.join(directory, file), "utf8");
        expect(svg, `${folder}/${file}`).not.toMatch(/<text\b/);
        expect(Buffer.byteLength(svg), `${folder}/${file} stays small`).toBeLessThan(2048);
      }
    }
  });

  for (const viewport of [MOBILE, { width: 1280, height: 800 }]) {
    test(`${viewport.width} px: each slide's title and promotion are live text and its illustration is decorative`, { tag: viewport.width < 1024 ? ["@no-js"] : [] }, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/recargas");
      await waitForHydration(page);
      const [first] = bannersOf("recargas");
      const slide = carousel(page).locator("li").first();
      await expect(slide.locator(".banner__title")).toHaveText(first!.alt);
      await expect(slide.locator(".banner__title")).toBeInViewport();
      await expect(slide.locator("img")).toHaveAttribute("alt", "");
      await expect(slide.getByRole("link")).toHaveAccessibleName(new RegExp(`^${first!.alt}`));
    });
  }

  test("the home page opens on one carousel and its heading, not a second hero saying the same", { tag: "@no-js" }, async ({ page, baseURL }) => {
    // The page as a returning visitor sees it: the first visit's cookie notice above it has its own test (cookie-banner-room.spec.ts).
    await acceptCookies(page.context(), baseURL);
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    await expect(page.locator(".hero")).toHaveCount(0);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeInViewport();
    expect((await heading.boundingBox())!.y, "the h1 within the first half of the phone's screen").toBeLessThan(MOBILE.height / 2 + 40);
  });
});

/** For every grid on the page: are all its rows full (the last item's right edge at the grid's right edge)? */
async function gridsWithGaps(page: Page): Promise<string[]> {
  return page.locator(".card-grid, .offer-grid, .store-grid, .steps").evaluateAll((grids) =>
    grids
      .filter((grid) => (grid as HTMLElement).offsetParent !== null && grid.children.length > 0)
      .flatMap((grid) => {
        const box = grid.getBoundingClientRect();
        const items = Array.from(grid.children).map((item) => item.getBoundingClientRect());
        const lastTop = Math.max(...items.map((item) => item.top));
        const rightmost = Math.max(...items.filter((item) => Math.abs(item.top - lastTop) < 2).map((item) => item.right));
        return box.right - rightmost > 2 ? [`${grid.className} (${grid.children.length} elementos): ${Math.round(box.right - rightmost)} px vacíos al final`] : [];
      }),
  );
}

test.describe("grids", () => {
  for (const width of [375, 768, 1024, 1280]) {
    test(`${width} px: card, offer, store and step grids end in a full row`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const gaps: string[] = [];
      for (const pathname of ["/", "/recargas", "/promociones", "/internet-en-casa", "/paquetes", "/cambiate-a-bait", "/centros-de-atencion", "/e-sim"]) {
        await page.goto(pathname);
        gaps.push(...(await gridsWithGaps(page)).map((gap) => `${pathname}: ${gap}`));
      }
      expect(gaps).toEqual([]);
    });
  }
});

test.describe("side bar", () => {
  for (const viewport of [MOBILE, { width: 1024, height: 800 }, { width: 1280, height: 800 }]) {
    test(`${viewport.width} px: it sits in the page's flow above the footer, over nothing`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/recargas");
      await waitForHydration(page);
      await expect(sideBar(page)).toHaveCSS("position", "static");
      const bar = (await sideBar(page).boundingBox())!;
      const main = (await page.locator("main").boundingBox())!;
      expect(bar.y, "below the main content").toBeGreaterThanOrEqual(main.y + main.height - 1);
    });
  }

  test("1440 px: fixed on the right edge, beside the content, not over it", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/recargas");
    await expect(sideBar(page)).toHaveCSS("position", "fixed");
    const bar = (await sideBar(page).boundingBox())!;
    const content = (await page.locator("main .page").first().boundingBox())!;
    expect(bar.x, "left of the bar right of the page's column").toBeGreaterThanOrEqual(content.x + content.width);
  });

  test("375 px: 'Gestiona tu bait' shows its label beside the ⇄ icon, and every link has a name", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    const manage = sideBar(page).getByRole("link", { name: siteChrome.sideBar.manage.label, exact: true });
    await expect(manage).toBeVisible();
    await expect(manage.getByText(siteChrome.sideBar.manage.label, { exact: true })).toBeVisible();
    for (const link of await sideBar(page).getByRole("link").all()) {
      expect((await link.evaluate((element) => element.textContent ?? "")).trim(), "every side-bar link has words").not.toBe("");
    }
  });
});
