import type { Locator, Page } from "@playwright/test";
import { auditedTest as test } from "../support/axe";
import { waitForHydration, waitForModal } from "../support/hydration";
import { acceptCookies } from "../support/cookies";
import { expect, ANA, IDLE_MBB, SUSPENDED_HBB, NOT_BAIT, HBB_SERVICE, MIFI_CONTACT, PENDING_MBB, LABEL, ERROR, PENDING_TEXT, containing, modal, field, lineStatus, submit, errorSummary, offerLink, recargaParam, openModal, expectFieldMessage, expectErrorSummary, expectHandOver } from "../support/recharge";
import { holdRequests } from "../support/hold";

/**
 * The recharge modal (docs/recharge.md) in the browser with JavaScript: `/recargas?recarga=OFFERID`
 * opens a modal <dialog> over the catalogue without a page load; 'Siguiente' checks the form in the
 * browser (the summary takes the focus), then the line and its history; Escape closes it; the live
 * line check. What the server answers without JavaScript (the modal of each kind of offer, every
 * refusal, the line in process) is proved in tests/http/recharge.test.ts; the journeys without
 * JavaScript are in journey.spec.ts and number-first.spec.ts (@no-js). These flows only read the
 * mock world, so they run in parallel with the rest.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test.describe("opening and closing the recharge modal", () => {
  test("'Recargar' on a /recargas card opens the modal of that offer over the catalogue, and 'Cerrar' closes it", async ({ page }) => {
    await page.goto("/recargas");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));

    await offerLink(page, "Recargar: Bait 100, $100.00").click();
    const dialog = modal(page, "Bait 100");
    await expect(dialog).toBeVisible();
    expect(recargaParam(page)).toBe("BAIT100");
    // A client-side navigation: the page (and its marker) survived, and the dialog is a true modal.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await waitForModal(dialog);

    // The offer
    await expect(dialog.getByRole("heading", { name: "Bait 100", exact: true })).toBeVisible();
    await expect(dialog.getByText("Total a pagar", { exact: true })).toBeVisible();
    await expect(dialog.locator(".recharge-offer").getByText("$100.00", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Vigencia de 15 días")).toBeVisible();
    await expect(dialog.getByText("Pago 100% seguro", { exact: true })).toBeVisible();

    // The form
    await expect(dialog.getByRole("heading", { name: "Datos de línea", exact: true })).toBeVisible();
    await expect(field(dialog, LABEL.phone)).toBeVisible();
    await expect(field(dialog, LABEL.phone)).toHaveAttribute("type", "tel");
    await expect(field(dialog, LABEL.email)).toBeVisible();
    await expect(field(dialog, LABEL.email)).toHaveAttribute("type", "email");
    await expect(dialog.getByRole("checkbox", { name: LABEL.whatsapp, exact: true })).not.toBeChecked();
    await expect(dialog.getByRole("link", { name: "Consulta la Política de uso justo", exact: true })).toHaveAttribute("href", /^\/[a-z-]+/);
    const privacy = dialog.getByRole("link", { name: /^Aviso de privacidad/ });
    await expect(privacy).toHaveAttribute("target", "_blank");
    await expect(privacy).toHaveAttribute("rel", /\bnoopener\b/);
    const summary = dialog.getByRole("region", { name: "Resumen", exact: true });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText("Bait 100");
    await expect(summary).toContainText("$100.00");
    await expect(submit(dialog)).toBeVisible();

    // The catalogue is still behind it; closing drops ?recarga and keeps the rest of the URL.
    await expect(page.getByRole("link", { name: "Recargar: Bait 100, $100.00", exact: true, includeHidden: true })).toHaveCount(1);
    await dialog.getByRole("link", { name: "Cerrar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/recargas" && !url.searchParams.has("recarga"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(offerLink(page, "Recargar: Bait 100, $100.00")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  test("Escape closes it (JavaScript only) and the URL drops ?recarga", async ({ page }) => {
    await page.goto("/recargas?section=traditionals");
    await waitForHydration(page);
    const opener = offerLink(page, "Recargar: Bait 100, $100.00");
    await opener.click();
    const dialog = modal(page, "Bait 100");
    await expect(dialog).toBeVisible();
    await waitForModal(dialog);
    await field(dialog, LABEL.phone).focus();

    await page.keyboard.press("Escape");
    await expect(page).toHaveURL((url) => url.pathname === "/recargas" && !url.searchParams.has("recarga") && url.searchParams.get("section") === "traditionals");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe("the form's rules", () => {
  test("an empty 'Siguiente' marks every field 'Campo requerido' and lists them under 'Revisa los siguientes datos:'", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    await submit(dialog).click();

    await expectFieldMessage(dialog, LABEL.phone, ERROR.required);
    await expectFieldMessage(dialog, LABEL.email, ERROR.required);
    await expectErrorSummary(dialog, [`${LABEL.phone}: ${ERROR.required}`, `${LABEL.email}: ${ERROR.required}`], { foundBy: "browser" });
    expect(recargaParam(page)).toBe("BAIT100");
    // The summary takes the focus (GOV.UK pattern); each entry leads to its field.
    await expect(errorSummary(dialog)).toBeFocused();
    await errorSummary(dialog).getByRole("link", { name: `${LABEL.email}: ${ERROR.required}` }).click();
    await expect(field(dialog, LABEL.email)).toBeFocused();
  });

  test("a short number and a malformed e-mail give 'Número de teléfono inválido' and 'Correo inválido', and keep what was typed", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    await field(dialog, LABEL.phone).fill("55123");
    await field(dialog, LABEL.email).fill("ana@example");
    await submit(dialog).click();

    await expectFieldMessage(dialog, LABEL.phone, ERROR.phone);
    await expectFieldMessage(dialog, LABEL.email, ERROR.email);
    await expectErrorSummary(dialog, [`${LABEL.phone}: ${ERROR.phone}`, `${LABEL.email}: ${ERROR.email}`], { foundBy: "browser" });
    await expect(field(dialog, LABEL.phone)).toHaveValue("55123");
    await expect(field(dialog, LABEL.email)).toHaveValue("ana@example");
  });

  test("a home-internet offer calls a short number 'Número de servicio inválido'", async ({ page }) => {
    const dialog = await openModal(page, "HBB349", "Internet en Casa 349");
    await field(dialog, LABEL.hbb).fill("559876");
    await field(dialog, LABEL.email).fill("demo.hbb@example.com");
    await submit(dialog).click();
    await expectFieldMessage(dialog, LABEL.hbb, ERROR.service);
    await expectErrorSummary(dialog, [`${LABEL.hbb}: ${ERROR.service}`], { foundBy: "browser" });
  });

  test("a portable-internet offer requires the service number ('Campo requerido') and checks both numbers", async ({ page }) => {
    const dialog = await openModal(page, "MIFI200", "Internet Portátil 200");
    await field(dialog, LABEL.contact).fill(MIFI_CONTACT);
    await field(dialog, LABEL.email).fill("demo.mifi@example.com");
    await submit(dialog).click();
    await expectFieldMessage(dialog, LABEL.service, ERROR.required);
    await expectErrorSummary(dialog, [`${LABEL.service}: ${ERROR.required}`], { foundBy: "browser" });

    await field(dialog, LABEL.service).fill("557654");
    await field(dialog, LABEL.contact).fill("553333");
    await submit(dialog).click();
    await expectFieldMessage(dialog, LABEL.service, ERROR.service);
    await expectFieldMessage(dialog, LABEL.contact, ERROR.phone);
    await expectErrorSummary(dialog, [`${LABEL.service}: ${ERROR.service}`, `${LABEL.contact}: ${ERROR.phone}`], { foundBy: "browser" });
  });
});

test.describe("the error summary with JavaScript", () => {
  test("a refusal found in the browser also shows 'Revisa los siguientes datos:'", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    await submit(dialog).click();
    await expectFieldMessage(dialog, LABEL.phone, ERROR.required);
    await expect(errorSummary(dialog)).toBeVisible();
    await expect(errorSummary(dialog).getByRole("link")).toHaveText([`${LABEL.phone}: ${ERROR.required}`, `${LABEL.email}: ${ERROR.required}`]);
  });
});

test.describe("the line check on 'Siguiente'", () => {
  const refusals = [
    { what: "an idle mobile line", offerId: "BAIT100", offer: "Bait 100", label: LABEL.phone, number: IDLE_MBB, message: ERROR.idle },
    { what: "a suspended home-internet line", offerId: "HBB349", offer: "Internet en Casa 349", label: LABEL.hbb, number: SUSPENDED_HBB, message: ERROR.idle },
    { what: "a number that is not Bait's", offerId: "BAIT100", offer: "Bait 100", label: LABEL.phone, number: NOT_BAIT, message: ERROR.notBait },
    { what: "a home-internet service number on a mobile offer", offerId: "BAIT100", offer: "Bait 100", label: LABEL.phone, number: HBB_SERVICE, message: ERROR.notMobile },
  ];
  for (const { what, offerId, offer, label, number, message } of refusals) {
    test(`${what} (${number} on ${offerId}) is refused under the number field`, async ({ page }) => {
      const dialog = await openModal(page, offerId, offer);
      await field(dialog, label).fill(number);
      await field(dialog, LABEL.email).fill("alguien@example.com");
      await submit(dialog).click();

      await expectFieldMessage(dialog, label, message);
      await expectErrorSummary(dialog, [`${label}: ${message}`], { foundBy: "server" });
      expect(new URL(page.url()).pathname).toBe("/recargas");
      expect(recargaParam(page)).toBe(offerId);
      await expect(field(dialog, label)).toHaveValue(number);
    });
  }
});

test.describe("the live line check (JavaScript only)", () => {
  test("300 ms after the 10th digit it says 'Validando tu número…', then 'Número válido para esta recarga.'", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    const status = lineStatus(dialog, LABEL.phone);
    // The answer is held until the checking state has been seen.
    const asked: string[] = [];
    // GET /api/linea (a resource route; Remix's fetcher asks for it as /api/linea.data).
    const release = await holdRequests(
      page,
      (url) => /^\/api\/linea(?:\.data)?$/.test(url.pathname),
      (request) => {
        asked.push(request.url());
        return true;
      },
    );
    // When the last keystroke happened, on the page's clock (the test's clock lags behind under load).
    await page.evaluate(() => document.addEventListener("input", (event) => ((window as unknown as { __typedAt?: number }).__typedAt = event.timeStamp), true));

    await field(dialog, LABEL.phone).fill("551234567");
    await expect(status).toHaveText("");
    await field(dialog, LABEL.phone).fill("55 1234 5678");
    await expect(status).toHaveText("Validando tu número…");
    await expect.poll(() => asked.length).toBe(1);
    const query = new URL(asked[0]!).searchParams;
    expect(query.get("numero")).toBe(ANA.number);
    expect(query.get("oferta")).toBe("BAIT100");
    release();
    await expect(status).toHaveText(/^\s*Número válido para esta recarga\.\s*$/);
    // The browser records the request's timing entry when the response has finished loading, which
    // may come a moment after the page has already read the answer.
    let waited: number | null = null;
    await expect
      .poll(async () =>
        (waited = await page.evaluate(() => {
          const [check] = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.startsWith("/api/linea"));
          return check ? check.startTime - ((window as unknown as { __typedAt?: number }).__typedAt ?? 0) : null;
        })),
      )
      .not.toBeNull();
    expect(waited, "the check starts 300 ms after the last keystroke").toBeGreaterThanOrEqual(290);
    await expect(field(dialog, LABEL.phone)).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an idle line is refused while typing, before 'Siguiente'", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    const status = lineStatus(dialog, LABEL.phone);
    await field(dialog, LABEL.phone).fill(IDLE_MBB);
    await expect(status).toHaveText(containing(ERROR.idle));
    await expect(field(dialog, LABEL.phone)).toHaveAccessibleDescription(containing(ERROR.idle));
    expect(recargaParam(page)).toBe("BAIT100");
  });
});

test.describe("a recharge still in process (5556789012)", () => {
  async function askAboutPending(page: Page): Promise<Locator> {
    const dialog = await openModal(page, "BAIT100", "Bait 100");
    await field(dialog, LABEL.phone).fill(PENDING_MBB);
    await field(dialog, LABEL.email).fill("pendiente@example.com");
    await submit(dialog).click();
    await expect(dialog.getByRole("heading", { name: "Tienes una recarga en proceso", exact: true })).toBeVisible();
    await expect(dialog.getByText(PENDING_TEXT, { exact: true })).toBeVisible();
    await expect(field(dialog, LABEL.phone)).toHaveCount(0);
    return dialog;
  }

  test("'Siguiente' asks whether to go on; 'Continuar' goes to the payment step", async ({ page }) => {
    const dialog = await askAboutPending(page);
    await dialog.getByRole("button", { name: "Continuar", exact: true }).click();
    await expectHandOver(page, "Bait 100", {
      "Número a recargar": "(55) 56 78 90 12",
      "Correo para tu comprobante": "pendiente@example.com",
      "Total a pagar": "$100.00",
    });
  });

  test("'Cancelar' closes the modal and leaves the catalogue", async ({ page }) => {
    const dialog = await askAboutPending(page);
    await dialog.getByRole("link", { name: "Cancelar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/recargas" && !url.searchParams.has("recarga"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(offerLink(page, "Recargar: Bait 100, $100.00")).toBeVisible();
  });
});
