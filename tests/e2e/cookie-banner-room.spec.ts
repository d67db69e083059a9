import { randomUUID } from "node:crypto";
import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { cardOnProviderPage } from "./support/card";
import { acceptCookies } from "./support/cookies";
import { MOBILE } from "./support/chrome";
import { waitForHydration } from "./support/hydration";
import { pageScrollY, scrollPageToEnd } from "./support/page-scroll";
import { searchColonias } from "./support/colonias";

/**
 * The cookie notice never covers a primary action (docs/config.md "Cookie consent"): at 375 × 812,
 * each of them scrolled into view (to the bottom edge of the screen, and to its centre) has a box
 * apart from the notice's: every 'Recargar' of the catalogue, the recharge modal's 'Siguiente',
 * /pago's buttons up to 'Pagar', and the confirmation's links. The notice is the page's first
 * content, in the document's flow (GOV.UK's pattern): the document scrolls, and the notice with it.
 * axe finds nothing on the journey's pages with the notice showing (every public page is audited
 * with it showing by a11y.spec.ts, whose visitors have not given consent). Only the last test
 * accepts cookies, to see it go.
 * With JavaScript; the journey to 'Pagar', whose steps are other pages without it (the card on the
 * provider's page), without it too (@no-js).
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: MOBILE });

const banner = (page: Page) => page.getByRole("region", { name: "Aviso de cookies", exact: true });
/** The notice's box, found by its class: behind a modal dialog it is inert, out of the accessibility tree. */
const bannerBox = (page: Page) => page.locator("section.cookie-banner");
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

type Box = { x: number; y: number; width: number; height: number };
/** Two boxes share more than a rounding error (layout works in fractions of a pixel; an edge may end a hair past another's start). */
const EPSILON = 0.5;
const overlap = (a: Box, b: Box) => a.x + EPSILON < b.x + b.width && b.x + EPSILON < a.x + a.width && a.y + EPSILON < b.y + b.height && b.y + EPSILON < a.y + a.height;

/** Waits until two readings of the page's scroll position, 100 ms apart, agree. */
async function scrollSettled(page: Page) {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const now = await pageScrollY(page);
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

/** Scrolls `action` into view (its bottom at the screen's bottom edge, then centred) and checks the notice is apart from it each time. */
async function expectClearOfBanner(page: Page, action: Locator, what: string) {
  for (const block of ["end", "center"] as const) {
    // The page may still be bringing its new step's heading into view (a smooth scroll): measure
    // once the page is still, after an instant scroll of our own.
    await scrollSettled(page);
    await action.evaluate((element, block) => element.scrollIntoView({ block, inline: "nearest", behavior: "instant" }), block);
    await scrollSettled(page);
    const actionBox = await action.boundingBox();
    expect(actionBox, `${what} has a box`).not.toBeNull();
    expect(actionBox!.y + actionBox!.height, `${what} (${block}) is on the screen`).toBeLessThanOrEqual(MOBILE.height + 0.5);
    await expect(bannerBox(page)).toHaveCount(1);
    const notice = await bannerBox(page).boundingBox();
    // Behind an open modal the page, the notice with it, is covered: the notice is there all the same.
    expect(notice, "the notice has a box").not.toBeNull();
    expect(overlap(actionBox!, notice!), `${what} scrolled into view (${block}): the cookie notice ${JSON.stringify(notice)} is over it ${JSON.stringify(actionBox)}`).toBe(false);
  }
}

test("the notice shows at once at the top of the page, after the skip links; the document scrolls and the notice goes up with it", async ({ page }) => {
  await page.goto("/recargas");
  await expect(banner(page)).toBeInViewport();
  const first = await page.evaluate(() => document.querySelector(".site > .skip-links")?.nextElementSibling?.className);
  expect(first, "the skip links, then the notice").toBe("cookie-banner");
  const box = (await bannerBox(page).boundingBox())!;
  expect(box.y, "at the top of the screen").toBeCloseTo(0, 0);
  expect(box.height, "slim: under a quarter of the screen").toBeLessThanOrEqual(MOBILE.height / 4);

  // The wheel scrolls the document, not a box inside it: the window moves and the notice goes up with the page.
  await page.mouse.move(MOBILE.width / 2, MOBILE.height / 2);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 400);
      return pageScrollY(page);
    })
    .toBeGreaterThan(0);
  // Read together, in one frame: the notice's top is where the page's top is, however far the scroll has got.
  const { scrolled, top } = await bannerBox(page).evaluate((element) => ({ scrolled: window.scrollY, top: element.getBoundingClientRect().top }));
  expect(scrolled).toBeGreaterThan(0);
  expect(top, "the notice scrolled with the page").toBeCloseTo(box.y - scrolled, 0);
  // And the page's own code scrolls it (instantly: the page's smooth scrolling, if any, is not what this checks).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  expect(await pageScrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  expect(await pageScrollY(page)).toBeGreaterThan(scrolled);
  await expect(page.locator("footer")).toBeInViewport();
});

test("on a first visit to the home page, the notice leaves what the visitor came for on the first screen: the number to recharge and 'Ver recargas'", async ({ page }) => {
  await page.goto("/");
  await expect(banner(page)).toBeInViewport();
  const form = page.getByRole("main").locator("form").filter({ has: page.getByRole("button", { name: "Ver recargas", exact: true }) });
  for (const control of [form.getByRole("textbox"), form.getByRole("button", { name: "Ver recargas", exact: true })]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
});

test("every 'Recargar' of the catalogue is clear of the notice", async ({ page }) => {
  await page.goto("/recargas");
  await expect(banner(page)).toBeVisible();
  const links = page.locator('main a[href*="recarga="]');
  const count = await links.count();
  expect(count).toBeGreaterThan(3);
  for (let index = 0; index < count; index++) {
    const link = links.nth(index);
    if (!(await link.isVisible())) continue;
    await expectClearOfBanner(page, link, `'${(await link.textContent())?.trim()}' (${index + 1} of ${count})`);
  }
});

test("the recharge modal's 'Siguiente', /pago's steps up to 'Pagar' and the confirmation's links are clear of the notice; axe finds nothing", { tag: "@no-js" }, async ({ auditedPage: page }) => {
  await page.goto("/recargas?recarga=BAIT50");
  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page, "/recargas?recarga=BAIT50 with the cookie notice");
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill("5512345678");
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(`aviso.${jsOn() ? "js" : "nojs"}.${randomUUID().slice(0, 8)}@example.com`);
  const next = dialog.getByRole("button", { name: "Siguiente", exact: true });
  await expectClearOfBanner(page, next, "the recharge modal's 'Siguiente'");
  await next.click();

  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible();
  await expectNoAxeViolations(page, "/pago with the cookie notice");
  const card = page.locator("form#card");
  await card.getByLabel("Nombre(s) del titular").fill("Ana");
  await card.getByLabel("Apellidos del titular").fill("Pérez López");
  await card.getByLabel("Calle y número").fill("Av. Juárez 10");
  await card.getByLabel("Código postal").fill("06600");
  if (!jsOn()) await searchColonias(card);
  await expect(card.getByLabel("Colonia")).toContainText("Juárez");
  await card.getByLabel("Colonia").selectOption({ label: "Juárez" });
  if (jsOn()) {
    await card.getByLabel("Número de tarjeta").fill("4111111111111111");
    await card.getByLabel("Vencimiento (MM/AA)").fill("12/30");
    await card.getByLabel("CVV").fill("123");
    const next = card.getByRole("button", { name: "Siguiente", exact: true });
    await expectClearOfBanner(page, next, "/pago's 'Siguiente'");
    await next.click();
  } else {
    await expectClearOfBanner(page, card.getByRole("button", { name: "Continuar a la página segura de pago" }), "/pago's 'Continuar a la página segura de pago'");
    await cardOnProviderPage(page, "4111111111111111");
  }
  const summary = page.locator("form#pay");
  await summary.getByLabel(/Aviso de Privacidad/).check();
  await summary.getByLabel(/Términos y Condiciones/).check();
  const pay = summary.getByRole("button", { name: /^Pagar/ });
  await expectClearOfBanner(page, pay, "/pago's 'Pagar'");
  await pay.click();

  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(banner(page)).toBeVisible();
  const links = page.locator(".receipt__actions a");
  // The address changes as the confirmation starts loading; its links come with it.
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) await expectClearOfBanner(page, link, `the confirmation's '${(await link.textContent())?.trim()}'`);
  await expectNoAxeViolations(page, "/pago/completado with the cookie notice");
});

test("once cookies are accepted the notice is gone from every page and nothing takes its place", async ({ page }) => {
  await page.goto("/login");
  await expect(banner(page)).toBeVisible();
  await acceptCookies(page.context(), page.url());
  for (const path of ["/login", "/", "/recargas"]) {
    await page.goto(path);
    await expect(bannerBox(page)).toHaveCount(0);
  }
  await scrollPageToEnd(page);
  expect(await pageScrollY(page)).toBeGreaterThan(0);
});
