import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { cardOnProviderPage } from "./support/card";
import { MOBILE } from "./support/chrome";
import { waitForHydration } from "./support/hydration";

/**
 * The cookie notice never covers a primary action (docs/config.md "Cookie consent"): at 375 × 812,
 * with JavaScript and without, each of them scrolled into view (to the bottom edge of the screen,
 * the worst place, and to its centre) has a box apart from the notice's: every 'Recargar' of the
 * catalogue, the recharge modal's 'Siguiente', /pago's buttons up to 'Pagar', and the
 * confirmation's links. The page leaves room for the notice below its last line. axe finds nothing
 * with the notice showing. No test here accepts cookies.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: MOBILE });

const banner = (page: Page) => page.getByRole("region", { name: "Aviso de cookies", exact: true });
/** The notice's box, found by its class: behind a modal dialog it is inert, out of the accessibility tree. */
const bannerBox = (page: Page) => page.locator("section.cookie-banner");
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Waits until two readings of the page's scroll position, 100 ms apart, agree. */
async function scrollSettled(page: Page) {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
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
    if (!notice) continue; // not shown while a modal is in front
    expect(overlap(actionBox!, notice), `${what} scrolled into view (${block}): the cookie notice ${JSON.stringify(notice)} is over it ${JSON.stringify(actionBox)}`).toBe(false);
  }
}

test("the notice shows at once, slim, at the bottom, and the page's end is clear of it", async ({ page }) => {
  await page.goto("/recargas");
  await expect(banner(page)).toBeInViewport();
  const box = (await banner(page).boundingBox())!;
  expect(box.y + box.height, "at the bottom of the screen").toBeCloseTo(MOBILE.height, 0);
  expect(box.height, "slim: under an eighth of the screen").toBeLessThanOrEqual(MOBILE.height / 8);
  // Scrolled to the very end, the footer's last line is above the notice.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page.locator("footer").evaluate((element) => element.getBoundingClientRect().bottom);
  const bannerTop = (await banner(page).boundingBox())!.y;
  expect(footerEnd).toBeLessThanOrEqual(bannerTop + 0.5);
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

test("the recharge modal's 'Siguiente', /pago's steps up to 'Pagar' and the confirmation's links are clear of the notice; axe finds nothing", async ({ auditedPage: page }) => {
  await page.goto("/recargas?recarga=BAIT50");
  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page, "/recargas?recarga=BAIT50 with the cookie notice");
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill("5512345678");
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(`aviso.${jsOn() ? "js" : "nojs"}.${Date.now()}@example.com`);
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
  if (!jsOn()) await card.getByRole("button", { name: "Buscar colonias" }).click();
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
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) await expectClearOfBanner(page, link, `the confirmation's '${(await link.textContent())?.trim()}'`);
  await expectNoAxeViolations(page, "/pago/completado with the cookie notice");
});

test("axe finds nothing on the home page and the catalogue with the notice showing", async ({ auditedPage: page }) => {
  for (const path of ["/", "/recargas"]) {
    await page.goto(path);
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page, `${path} with the cookie notice`);
  }
});
