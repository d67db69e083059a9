import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE } from "../support/chrome";
import { bannerHref, bannersOf, hasBannerFile, PROMOTION_MAX, type Banner } from "../support/chrome-config";
import { CLOCK_START, hydrate, pageNow, stopClock } from "../support/clock";
import { waitForHydration } from "../support/hydration";

/**
 * The banner carousel of the home page: rotation, its buttons, and where every banner of
 * pages-config/banners/inicio.json leads, at a desktop and a phone width.
 */

/** How long a slide shows before the next (app/render/chrome/banner-carousel.tsx SLIDE_INTERVAL_MS). */
const SLIDE_INTERVAL_MS = 5_000;

const carousel = (page: Page) => page.getByRole("region", { name: "Promociones destacadas", exact: true });
const dots = (page: Page) => carousel(page).getByRole("button", { name: /^Ver promoción \d+$/ });
const dot = (page: Page, number: number) => carousel(page).getByRole("button", { name: `Ver promoción ${number}`, exact: true });
/** A slide, found by its title, the banner's `alt` as live text (CSS, so hidden and inert slides are found too). */
const slideOf = (page: Page, banner: Banner) => carousel(page).locator("li").filter({ has: page.locator(".banner__title", { hasText: banner.alt }) });

async function currentDotName(page: Page): Promise<string> {
  return (await carousel(page).locator('button[aria-current="true"]').getAttribute("aria-label")) ?? "";
}

/** Takes pointer and keyboard focus off the carousel, which pauses while either is on it. */
async function leaveCarousel(page: Page): Promise<void> {
  const viewport = page.viewportSize() ?? DESKTOP;
  await page.mouse.move(viewport.width / 2, viewport.height - 5);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const homeBanners = bannersOf("inicio");
const desktopBanners = homeBanners.filter((banner) => banner.action !== "goToStore");

async function expectBannerActions(page: Page, { phone, javaScript }: { phone: boolean; javaScript: boolean }) {
  for (const banner of homeBanners) {
    const slide = slideOf(page, banner);
    if (banner.action === "goToStore") {
      if (!phone && javaScript) {
        // Store links are for phones: with JavaScript a desktop leaves the slide out of the rotation.
        await expect(slide, `goToStore slide «${banner.name}» on a desktop`).toHaveCount(0);
        continue;
      }
      const ios = slide.locator('a[href^="https://apps.apple.com/"]');
      const android = slide.locator('a[href^="https://play.google.com/"]');
      for (const [store, href] of [
        [ios, banner.storeOptions?.ios],
        [android, banner.storeOptions?.android],
      ] as const) {
        await expect(store).toHaveCount(1);
        await expect(store).toHaveAttribute("href", href ?? "");
        await expect(store).toHaveAttribute("target", "_blank");
        await expect(store).toHaveAttribute("rel", /\bnoopener\b/);
        if (phone) await expect(store, `store link of «${banner.name}» at 375 px`).toBeVisible();
        else await expect(store, `store link of «${banner.name}» at 1280 px`).toBeHidden();
      }
      if (phone) {
        await expect(ios).toHaveAccessibleName("Descárgala en App Store (se abre en una ventana nueva)");
        await expect(android).toHaveAccessibleName("Disponible en Google Play (se abre en una ventana nueva)");
      }
    } else {
      const link = slide.locator("a");
      await expect(link, `link of the «${banner.name}» slide`).toHaveCount(1);
      await expect(link, `«${banner.name}» (${banner.action})`).toHaveAttribute("href", bannerHref(banner) ?? "");
      if (banner.action === "navigationExternal") {
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
        if (banner.actionOptions?.newWindow) await expect(link).toHaveAttribute("target", "_blank");
        else await expect(link).not.toHaveAttribute("target", /.*/);
      }
      if (banner.action === "openFile") await expect(link).toHaveAttribute("href", /^\/docs\/[a-z0-9-]+\.pdf$/);
      if (banner.action === "navigate" || banner.action === "recharge") await expect(link).not.toHaveAttribute("target", /.*/);
    }
    if (banner.promotion) {
      const promotion = (await slide.locator(".banner__promotion").textContent()) ?? "";
      if (banner.promotion.length <= PROMOTION_MAX) expect(promotion).toBe(banner.promotion);
      else {
        expect(promotion.length, `promotion of «${banner.name}»: «${promotion}»`).toBeLessThanOrEqual(PROMOTION_MAX);
        expect(promotion.endsWith("…"), `promotion of «${banner.name}» ends with …`).toBe(true);
        expect(banner.promotion.startsWith(promotion.slice(0, -1).trimEnd())).toBe(true);
      }
    }
  }
}

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("banner carousel", () => {
    test(`JS: ${desktopBanners.length} dots (goToStore slides left out), the current one advances after 5 s`, async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "auto-advance is JavaScript");
      // The 5 s are counted on the page's clock, which moves only when the test moves it.
      await stopClock(page);
      await page.goto("/");
      await hydrate(page);
      await expect(dots(page)).toHaveCount(desktopBanners.length);
      await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
      await expect(carousel(page).getByRole("listitem", { name: `Promoción 1 de ${desktopBanners.length}`, exact: true })).toBeInViewport({ ratio: 0.9 });
      // Rotating: the slides out of view are inert, set in the same commit as the slide's timer.
      // It started at most `started` ms after the clock's start, the time hydrating took on it.
      await expect(carousel(page).locator("li[inert]")).toHaveCount(desktopBanners.length - 1);
      const started = (await pageNow(page)) - CLOCK_START.getTime();
      await page.clock.runFor(SLIDE_INTERVAL_MS - started - 1);
      expect(await currentDotName(page), "still the first slide just before 5 s").toBe("Ver promoción 1");
      await page.clock.runFor(started + 1);
      await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
      await expect(dot(page, 1)).not.toHaveAttribute("aria-current", /.*/);
      await expect(carousel(page).getByRole("listitem", { name: `Promoción 2 de ${desktopBanners.length}`, exact: true })).toBeInViewport({ ratio: 0.9 });
    });

    test("JS: 'Pausar carrusel' stops it and becomes 'Reanudar carrusel'; resuming starts it again", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "needs JavaScript");
      await stopClock(page);
      await page.goto("/");
      await hydrate(page);
      await carousel(page).getByRole("button", { name: "Pausar carrusel", exact: true }).click();
      const resume = carousel(page).getByRole("button", { name: "Reanudar carrusel", exact: true });
      await expect(resume).toBeVisible();
      await expect(carousel(page).getByRole("button", { name: "Pausar carrusel", exact: true })).toHaveCount(0);
      // Hover and focus pause it too: with both gone only the button holds it still.
      await leaveCarousel(page);
      const paused = await currentDotName(page);
      await page.clock.runFor(3 * SLIDE_INTERVAL_MS);
      expect(await currentDotName(page), "same slide three intervals after pausing").toBe(paused);

      await resume.click();
      await expect(carousel(page).getByRole("button", { name: "Pausar carrusel", exact: true })).toBeVisible();
      await leaveCarousel(page);
      await page.clock.runFor(SLIDE_INTERVAL_MS);
      await expect.poll(() => currentDotName(page)).not.toBe(paused);
    });

    test("JS: 'Promoción siguiente' on the last slide wraps to the first, 'Promoción anterior' on the first to the last", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "needs JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const last = desktopBanners.length;
      await dot(page, last).click();
      await expect(dot(page, last)).toHaveAttribute("aria-current", "true");
      await carousel(page).getByRole("button", { name: "Promoción siguiente", exact: true }).click();
      await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
      await expect(slideOf(page, desktopBanners[0]!)).toBeInViewport({ ratio: 0.9 });
      await carousel(page).getByRole("button", { name: "Promoción anterior", exact: true }).click();
      await expect(dot(page, last)).toHaveAttribute("aria-current", "true");
      await expect(slideOf(page, desktopBanners[last - 1]!)).toBeInViewport({ ratio: 0.9 });
    });

    test("each banner's link goes where pages-config/banners/inicio.json says; store links stay hidden", async ({ page, javaScriptEnabled }) => {
      await page.goto("/");
      await waitForHydration(page);
      await expectBannerActions(page, { phone: false, javaScript: javaScriptEnabled });
    });

    test("no JS: the first slide shows, every slide's link is in the page, and there are no carousel buttons @no-js", async ({ page, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the server-rendered carousel");
      await page.goto("/");
      await expect(slideOf(page, homeBanners[0]!)).toBeInViewport({ ratio: 0.9 });
      for (const banner of homeBanners) {
        const links = slideOf(page, banner).locator("a");
        await expect(links, `«${banner.name}»`).toHaveCount(banner.action === "goToStore" ? 2 : 1);
      }
      await expect(carousel(page).getByRole("button")).toHaveCount(0);
    });

    test("a view without a banner file (/mapa-sitio) has no carousel", async ({ page }) => {
      expect(hasBannerFile("mapa-sitio"), "pages-config/banners/mapa-sitio.json must not exist for this test").toBe(false);
      await page.goto("/mapa-sitio");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-roledescription="carrusel"]')).toHaveCount(0);
    });
  });
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: MOBILE });

  test.describe("banner carousel", () => {
    test("each banner's link goes where config says; the goToStore slide shows App Store and Google Play links, with or without JavaScript @no-js", async ({ page, javaScriptEnabled }) => {
      await page.goto("/");
      await waitForHydration(page);
      if (javaScriptEnabled) await expect(dots(page)).toHaveCount(homeBanners.length);
      await expectBannerActions(page, { phone: true, javaScript: javaScriptEnabled });
    });
  });
});
