import type { Locator, Page } from "@playwright/test";
import { acceptCookies } from "../support/cookies";
import { waitForHydration } from "../support/hydration";
import { test } from "@playwright/test";
import { expect, ANA, HBB_SERVICE, MIFI_SERVICE, SUSPENDED_HBB, NOT_BAIT, ERROR, LABEL, jsOn, modal, field, submit, expectHandOver } from "../support/recharge";

/**
 * Number first (docs/recharge.md): on / and /recargas a field for the number to recharge sits on
 * the first screen; the server answers the number with that line's offers (or why it cannot be
 * recharged), in place with JavaScript, as a page without it. What the server answers without
 * JavaScript (each kind of line's offers and links, each reason, what was typed kept, the focus
 * asked by autofocus, the cache) is proved in tests/http/recharge.test.ts; the first screen, the
 * answer's focus at 375 px and the journey to /pago also run without JavaScript (@no-js).
 */

const QUESTION = "¿Qué número quieres recargar?";
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const numberField = (page: Page) => page.getByRole("textbox", { name: QUESTION, exact: true });
const answer = (page: Page) => page.locator("#ofertas");
const answerHeading = (page: Page, text: string) => answer(page).getByRole("heading", { level: 3, name: text, exact: true });
/** The offers' buttons in the answer, by their accessible names ('Recargar: Bait 100, $100.00'). */
const offerButtons = (page: Page) => answer(page).getByRole("link", { name: /^Recargar: / });

type Marked = Window & { sameDocument?: boolean };

/** Types the number and asks; with JavaScript, checks the answer came without loading a new page. */
async function askFor(page: Page, number: string) {
  if (jsOn()) {
    await waitForHydration(page);
    await page.evaluate(() => ((window as Marked).sameDocument = true));
  }
  await numberField(page).fill(number);
  await answer(page).getByRole("button", { name: "Ver recargas", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.has("numero"));
}

async function expectSameDocument(page: Page) {
  if (jsOn()) expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);
}

/** The answer's offers, in order, each leading to its recharge modal with the number filled in. */
async function expectOffers(page: Page, number: string, offerIds: string[]) {
  await expect(offerButtons(page)).toHaveCount(offerIds.length);
  for (const [index, id] of offerIds.entries()) await expect(offerButtons(page).nth(index)).toHaveAttribute("href", new RegExp(`^/recargas\\?section=[a-z]+&recarga=${id}&numero=${number}$`));
}

async function expectFieldError(page: Page, typed: string, message: string) {
  await expect(numberField(page)).toHaveValue(typed);
  await expect(numberField(page)).toHaveAttribute("aria-invalid", "true");
  await expect(numberField(page)).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(numberField(page)).toBeFocused();
  await expect(offerButtons(page)).toHaveCount(0);
}

test.describe("the field is on the first screen", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of ["/", "/recargas"]) {
      // One of them is enough without JavaScript: the header above the field is laid out otherwise there.
      const details = path === "/" && viewport === PHONE ? { tag: "@no-js" } : {};
      test(`${path} at ${viewport.width} × ${viewport.height}`, details, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        const box = await numberField(page).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThan(viewport.height);
        const button = await answer(page).getByRole("button", { name: "Ver recargas", exact: true }).boundingBox();
        expect(button!.y + button!.height).toBeLessThan(viewport.height);
        await expect(numberField(page)).toHaveAccessibleDescription("Número Bait o de servicio, 10 dígitos.");
      });
    }
  }
});

test.describe("a number shows the offers for its kind of line", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a mobile number on / at ${viewport.width}: the mobile recharges (and the associates' for an associate's line), nothing for home or portable internet`, viewport === PHONE ? { tag: "@no-js" } : {}, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await askFor(page, "55 1234 5678");
      const heading = answerHeading(page, "Recargas de Telefonía Celular para (55) 12 34 56 78");
      await expect(heading).toBeVisible();
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await expect(numberField(page)).toHaveValue("5512345678");
      expect(new URL(page.url()).pathname).toBe("/");
      await expectOffers(page, ANA.number, ["BAIT50", "BAIT100", "BAIT150", "BAIT200", "BAIT250", "ASOC30", "ASOC60", "ASOC120", "ASOC180"]);
      await expect(answer(page).getByRole("link", { name: /Internet en Casa|Internet Portátil/ })).toHaveCount(0);
      await expectSameDocument(page);
    });
  }

  test("a home-internet service number on /recargas: the Internet en Casa recharges only", async ({ page }) => {
    await page.goto("/recargas");
    await askFor(page, HBB_SERVICE);
    await expect(answerHeading(page, "Recargas de Internet en Casa para (55) 98 76 54 32")).toBeFocused();
    await expectOffers(page, HBB_SERVICE, ["HBB125", "HBB349", "HBB449", "HBB549"]);
    await expect(numberField(page)).toHaveValue(HBB_SERVICE);
    await expectSameDocument(page);
  });

  test("a portable-internet service number on / at 375: the Internet Portátil recharges only", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await askFor(page, MIFI_SERVICE);
    await expect(answerHeading(page, "Recargas de Internet Portátil para (55) 76 54 32 10")).toBeFocused();
    await expectOffers(page, MIFI_SERVICE, ["MIFI100", "MIFI200", "MIFI300", "MIFI500"]);
  });

  test("the answer is a URL the server renders: /recargas?numero=…, never kept by a shared cache", async ({ page, request }) => {
    await page.goto(`/recargas?numero=${HBB_SERVICE}`);
    await expect(answerHeading(page, "Recargas de Internet en Casa para (55) 98 76 54 32")).toBeFocused();
    const response = await request.get(`/recargas?numero=${HBB_SERVICE}`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect((await request.get("/recargas")).headers()["cache-control"]).toMatch(/^public/);
  });
});

test.describe("a number that cannot be recharged keeps what was typed, with the reason beside the field", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a suspended home-internet service (hbb only when active) at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await askFor(page, SUSPENDED_HBB);
      await expectFieldError(page, SUSPENDED_HBB, ERROR.idle);
      await expect(numberField(page)).toBeInViewport();
    });
  }

  test("a number that is not Bait", async ({ page }) => {
    await page.goto("/recargas");
    await askFor(page, NOT_BAIT);
    await expectFieldError(page, NOT_BAIT, ERROR.notBait);
  });

  test("too few digits, and nothing typed", async ({ page }) => {
    await page.goto("/recargas");
    await askFor(page, "55123");
    await expectFieldError(page, "55123", "El número debe tener 10 dígitos.");
    await askFor(page, "");
    await expectFieldError(page, "", "Escribe tu número Bait o tu número de servicio.");
  });

  test("then a good number shows its offers", async ({ page }) => {
    await page.goto(`/?numero=${NOT_BAIT}`);
    await askFor(page, ANA.number);
    await expect(answerHeading(page, "Recargas de Telefonía Celular para (55) 12 34 56 78")).toBeFocused();
    await expect(numberField(page)).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("picking an offer continues with the number filled in", () => {
  test("Bait 100 for 5512345678 from / opens its recharge modal with the number, then /pago", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/");
    await askFor(page, ANA.number);
    await offerButtons(page).nth(1).click();
    const dialog: Locator = modal(page, "Bait 100");
    await expect(dialog).toBeVisible();
    await expect(field(dialog, LABEL.phone)).toHaveValue(ANA.number);
    if (jsOn()) await waitForHydration(page);
    await field(dialog, LABEL.email).fill(ANA.email);
    await submit(dialog).click();
    await expectHandOver(page, "Bait 100", { "Número a recargar": "(55) 12 34 56 78", "Total a pagar": "$100.00" });
  });

  test("Internet Portátil 200 takes the service number into the modal's service-number field", async ({ page }) => {
    await page.goto(`/recargas?numero=${MIFI_SERVICE}`);
    await offerButtons(page).nth(1).click();
    const dialog = modal(page, "Internet Portátil 200");
    await expect(dialog).toBeVisible();
    await expect(field(dialog, LABEL.service)).toHaveValue(MIFI_SERVICE);
  });
});
