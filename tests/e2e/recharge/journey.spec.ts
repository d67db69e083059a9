import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { bannerHref, bannersOf } from "../support/chrome-config";
import { waitForHydration } from "../support/hydration";
import { acceptCookies } from "../support/cookies";
import { expect, ANA, IDLE_MBB, HBB_SERVICE, MIFI_SERVICE, MIFI_CONTACT, LABEL, jsOn, modal, field, submit, errorSummary, offerLink, recargaParam, openModal, summaryValue, expectHandOver } from "../support/recharge";
import { pageScrollWidth } from "../support/page-scroll";

/**
 * From the recharge modal to the checkout (docs/recharge.md): the sale handed to /pago, the
 * journey from the home page, a phone's screen and the accessibility of each step, with JavaScript.
 * The whole journey, the phone's screen and the checkout's audit also run without JavaScript
 * (@no-js); what the server answers each step without JavaScript (the sale's summary on /pago,
 * /pago without a sale, the banner's link) is proved in tests/http/recharge.test.ts.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test.describe("the hand-over to the payment step (/pago)", () => {
  test("Bait 100 for 5512345678 goes to /pago with the sale's summary; 'Cambiar datos' returns to the modal", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    await field(dialog, LABEL.phone).fill(ANA.number);
    await field(dialog, LABEL.email).fill(ANA.email);
    await submit(dialog).click();

    await expectHandOver(page, "Bait 100", {
      Vigencia: "15 días",
      "Número a recargar": "(55) 12 34 56 78",
      "Correo para tu comprobante": ANA.email,
      "Total a pagar": "$100.00",
    });
    await expect(summaryValue(page, "Teléfono de contacto")).toHaveCount(0);

    await page.getByRole("link", { name: "Cambiar datos", exact: true }).click();
    await expect(modal(page, "Bait 100")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/recargas");
    expect(recargaParam(page)).toBe("BAIT100");
  });

  test("Internet Portátil 200 takes the service number and the contact phone to /pago", async ({ page }) => {
    const dialog = await openModal(page, "MIFI200", "Internet Portátil 200");
    await field(dialog, LABEL.service).fill(MIFI_SERVICE);
    await field(dialog, LABEL.contact).fill(MIFI_CONTACT);
    await field(dialog, LABEL.email).fill("demo.mifi@example.com");
    await submit(dialog).click();

    await expectHandOver(page, "Internet Portátil 200", {
      "Número de servicio": "(55) 76 54 32 10",
      "Teléfono de contacto": "(55) 33 33 44 44",
      "Correo para tu comprobante": "demo.mifi@example.com",
      "Total a pagar": "$200.00",
    });
  });

  test("Internet en Casa 349 for the service number 5598765432 goes to /pago", async ({ page }) => {
    const dialog = await openModal(page, "HBB349", "Internet en Casa 349");
    await field(dialog, LABEL.hbb).fill(HBB_SERVICE);
    await field(dialog, LABEL.email).fill("demo.hbb@example.com");
    await submit(dialog).click();

    await expectHandOver(page, "Internet en Casa 349", {
      "Número de servicio": "(55) 98 76 54 32",
      "Correo para tu comprobante": "demo.hbb@example.com",
      "Total a pagar": "$349.00",
    });
    await expect(summaryValue(page, "Teléfono de contacto")).toHaveCount(0);
  });

  test("/pago without a sale goes back to /recargas with 'Tu sesión de compra terminó. Elige tu recarga de nuevo.'", async ({ page }) => {
    await page.goto("/pago");
    await expect(page).toHaveURL((url) => url.pathname === "/recargas");
    await expect(page.getByRole("heading", { level: 1, name: "Completa tu pago" })).toHaveCount(0);
    await waitForHydration(page);
    const notice = page.getByRole("alert").filter({ hasText: "Tu sesión de compra terminó" });
    await expect(notice).toHaveText("Tu sesión de compra terminó. Elige tu recarga de nuevo.");
    await expect(page.getByText("recharge:checkout.expired")).toHaveCount(0);
  });
});

test.describe("from the home page", () => {
  const rechargeBanner = bannersOf("inicio").find((banner) => banner.action === "recharge");

  test("the home carousel's 'recharge' banner links to its offer's modal", async ({ page }) => {
    expect(rechargeBanner, "pages-config/banners/inicio.json has a 'recharge' slide").toBeDefined();
    const href = bannerHref(rechargeBanner!)!;
    const offerId = rechargeBanner!.rechargeOptions!.offerId;
    expect(href).toBe(`/recargas?recarga=${offerId}`);

    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByRole("region", { name: "Promociones destacadas", exact: true });
    const link = carousel.locator(`a[href="${href}"]`);
    await expect(link).toHaveCount(1);
    await expect(link.locator(".banner__title")).toHaveText(rechargeBanner!.alt);

    // The carousel rotates and slides out of view are inert: follow the href.
    await page.goto(href);

    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    expect(recargaParam(page)).toBe(offerId);
    await expect(dialog.locator('input[name="offerId"]')).toHaveValue(offerId);
    const title = dialog.getByRole("heading", { level: 2 }).first();
    if (/^BAIT\d+$/.test(offerId)) await expect(title).toHaveText(`Bait ${offerId.slice(4)}`);
    else await expect(title).toHaveText(/\S/);
    await expect(dialog.getByRole("heading", { name: "Datos de línea", exact: true })).toBeVisible();
  });

  test("the whole journey: home → 'Recargas' → 'Recargar' Bait 100 → the modal → 'Siguiente' → /pago", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Accesos rápidos", exact: true }).getByRole("link", { name: "Recargas", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/recargas");
    await expect(offerLink(page, "Recargar: Bait 100, $100.00")).toBeVisible();
    await waitForHydration(page);
    if (jsOn()) await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));

    await offerLink(page, "Recargar: Bait 100, $100.00").click();
    const dialog = modal(page, "Bait 100");
    await expect(dialog).toBeVisible();
    expect(recargaParam(page)).toBe("BAIT100");
    // With JavaScript the modal opened without a page load.
    if (jsOn()) expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

    await field(dialog, LABEL.phone).fill("55 1234 5678");
    await field(dialog, LABEL.email).fill(ANA.email);
    // The WhatsApp opt-in stays off: sending it would record a subscription in the shared mock world.
    await expect(dialog.getByRole("checkbox", { name: LABEL.whatsapp, exact: true })).not.toBeChecked();
    await submit(dialog).click();
    await expectHandOver(page, "Bait 100", {
      "Número a recargar": "(55) 12 34 56 78",
      "Correo para tu comprobante": ANA.email,
      "Total a pagar": "$100.00",
    });
  });
});

test.describe("on a 375 px phone", { tag: "@no-js" }, () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the form fits the screen, 'Siguiente' is reached by scrolling, and it reaches /pago", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    for (const label of [LABEL.phone, LABEL.email]) {
      const input = field(dialog, label);
      await input.scrollIntoViewIfNeeded();
      await expect(input).toBeInViewport();
      const box = (await input.boundingBox())!;
      expect(box.x, `«${label}» starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `«${label}» ends on screen`).toBeLessThanOrEqual(375);
    }
    expect(await pageScrollWidth(page), "no sideways scrolling").toBeLessThanOrEqual(375);

    await field(dialog, LABEL.phone).fill(ANA.number);
    await field(dialog, LABEL.email).fill(ANA.email);
    const button = submit(dialog);
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await button.click();
    await expectHandOver(page, "Bait 100", { "Número a recargar": "(55) 12 34 56 78", "Total a pagar": "$100.00" });
  });
});

test.describe("accessibility (WCAG 2.2 AA, axe-core)", () => {
  test("the open modal has no axe violations", async ({ auditedPage: page, baseURL }) => {
    await acceptCookies(page.context(), baseURL);
    await page.goto("/recargas?recarga=BAIT100");
    await expect(modal(page, "Bait 100")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the modal of a portable-internet offer with the error summary has no axe violations", async ({ auditedPage: page, baseURL }) => {
    await acceptCookies(page.context(), baseURL);
    await page.goto("/recargas?recarga=MIFI200");
    const dialog = modal(page, "Internet Portátil 200");
    await expect(dialog).toBeVisible();
    await waitForHydration(page);
    // A line the server refuses, so the summary shows with and without JavaScript.
    await field(dialog, LABEL.service).fill(IDLE_MBB);
    await field(dialog, LABEL.contact).fill(MIFI_CONTACT);
    await field(dialog, LABEL.email).fill("demo.mifi@example.com");
    await submit(dialog).click();
    await expect(errorSummary(dialog)).toBeVisible();
    await expect(errorSummary(dialog).getByRole("link")).toHaveText([new RegExp(`^${LABEL.service}: \\S`)]);
    await expect(field(dialog, LABEL.service)).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  // Without JavaScript the checkout is other markup (the card is typed on the provider's page): audited in both.
  test("the checkout /pago has no axe violations", { tag: "@no-js" }, async ({ auditedPage: page, baseURL }) => {
    await acceptCookies(page.context(), baseURL);
    await page.goto("/recargas?recarga=BAIT100");
    const dialog = modal(page, "Bait 100");
    await expect(dialog).toBeVisible();
    await waitForHydration(page);
    await field(dialog, LABEL.phone).fill(ANA.number);
    await field(dialog, LABEL.email).fill(ANA.email);
    await submit(dialog).click();
    await expect(page.getByRole("heading", { level: 1, name: "Completa tu pago", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
