import type { Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";
import { waitForHydration, waitForModal } from "../support/hydration";
import { holdRequests } from "../support/hold";
import { paste } from "../support/paste";
import { DEVICES, LABEL, OFFER, checkButton, enterImei, expect, field, fillForm, modal, openModal, payButton } from "./support";

/**
 * The eSIM modal (docs/esim.md, spec §2 eSIM modal, §4 eSIM flow, §5 eSIM form, §8 eSIM
 * messages) in the browser with JavaScript: `?oferta=OFFERID` over /e-sim, /cambiate-a-bait and
 * /recargas; the form's messages found in the browser; the device check while typing. What the
 * server answers without JavaScript (the modal, every refusal, 'Revisar compatibilidad' for every
 * demo IMEI) is proved in tests/http/esim.test.ts; the purchase without JavaScript in
 * purchase.spec.ts (@no-js).
 */

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const deviceStatus = (page: Page) => modal(page).locator(".device-check");

test.describe("opening the eSIM modal", () => {
  for (const [path, link] of [
    ["/e-sim", `/e-sim?oferta=${OFFER.id}`],
    ["/cambiate-a-bait?section=e-sim", `/cambiate-a-bait?section=e-sim&oferta=${OFFER.id}`],
    ["/recargas?section=e-sim", `/recargas?section=e-sim&oferta=${OFFER.id}`],
  ] as const) {
    test(`'Comprar' on an eSIM card of ${path} opens the modal over the same page`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await page.locator(`a[href="${link}"]`).first().click();
      const dialog = modal(page);
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname + url.search === link);
      await expect(dialog.getByRole("heading", { name: OFFER.name, exact: true })).toBeVisible();
      await expect(dialog.getByText(OFFER.total, { exact: true })).toBeVisible();
    });
  }

  test("the modal shows the total, what it includes, the fair-use and physical-SIM links, the replacement note and 'Soy usuario Bait'", async ({ page }) => {
    const dialog = await openModal(page);
    await waitForModal(dialog);
    await expect(dialog.getByText("Total a pagar", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Vigencia de 15 días", { exact: true })).toBeVisible();
    await expect(dialog.getByText(/la E-SIM de reemplazo no incluye los beneficios del paquete/)).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Consulta la Política de uso justo", exact: true })).toHaveAttribute("href", "/politica-de-uso-justo");
    await expect(dialog.getByRole("link", { name: "¿Tu equipo no acepta E-SIM? Compra una SIM física", exact: true })).toHaveAttribute("href", "/cambiate-a-bait?section=sim");
    await expect(field(dialog, LABEL.isBait)).toBeVisible();
    await expect(field(dialog, LABEL.phone)).toHaveAttribute("inputmode", "numeric");
    await expect(field(dialog, LABEL.phone)).toHaveAttribute("maxlength", "10");
    await expect(field(dialog, LABEL.imei)).toHaveAttribute("inputmode", "numeric");
    await expect(field(dialog, LABEL.imei)).toHaveAttribute("maxlength", "17");
    await expect(field(dialog, LABEL.email)).toHaveAttribute("type", "email");
  });

  test("in the portability flow 'Soy usuario Bait' is not asked", async ({ page }) => {
    const dialog = await openModal(page, `/e-sim?flujo=portabilidad&oferta=${OFFER.id}`);
    await expect(field(dialog, LABEL.phone)).toBeVisible();
    await expect(field(dialog, LABEL.isBait)).toHaveCount(0);
  });

  test("/e-sim leads to the portability flow by a click: '¿Quieres conservar tu número?' opens the modal with flujo=portabilidad", async ({ page }) => {
    await page.goto("/e-sim");
    await expect(page.getByRole("heading", { name: "¿Quieres conservar tu número?", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Cámbiate con tu E-SIM", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/e-sim" && url.searchParams.get("flujo") === "portabilidad" && url.searchParams.has("oferta"));
    const dialog = modal(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/conserva tu número: compras una línea nueva con la portabilidad/)).toBeVisible();
    await expect(field(dialog, LABEL.phone)).toBeVisible();
    await expect(field(dialog, LABEL.isBait)).toHaveCount(0);
  });

  test("an unknown offer answers the catalogue's message, never a blank modal; 'Ver E-SIM' closes it", async ({ page }) => {
    const dialog = await openModal(page, "/e-sim?oferta=NOEXISTE");
    await expect(dialog.getByText("Esta E-SIM ya no está disponible. Elige otra de nuestras E-SIM.", { exact: true })).toBeVisible();
    await dialog.getByRole("link", { name: "Ver E-SIM", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/e-sim" && !url.searchParams.has("oferta"));
  });

  test("closing by the link drops ?oferta and keeps the page's section", async ({ page }) => {
    const dialog = await openModal(page, `/recargas?section=e-sim&oferta=${OFFER.id}`);
    await dialog.getByRole("link", { name: "Cerrar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/recargas" && url.searchParams.get("section") === "e-sim" && !url.searchParams.has("oferta"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("Esc closes it (JavaScript)", async ({ page }) => {
    await openModal(page);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL((url) => url.pathname === "/e-sim" && !url.searchParams.has("oferta"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("the form", () => {
  test("an empty 'Pagar' lists the spec's messages: 'Número de teléfono inválido', 'Correo inválido', 'El IMEI es obligatorio'", async ({ page }) => {
    const dialog = await openModal(page);
    await dialog.locator('button[type="submit"][hidden]').evaluate((button: HTMLButtonElement) => button.form?.requestSubmit(button));
    await expect(dialog.locator(".field__error")).toHaveText(["Número de teléfono inválido", "Correo inválido", "El correo electrónico no coincide.", "El IMEI es obligatorio"]);
  });

  test("different e-mails say 'El correo electrónico no coincide.' and a short IMEI 'El formato del IMEI es inválido'", async ({ page }) => {
    const dialog = await openModal(page);
    await field(dialog, LABEL.phone).fill("5512345678");
    await field(dialog, LABEL.email).fill("ana@example.com");
    await field(dialog, LABEL.emailConfirm).fill("ana@ejemplo.com");
    await field(dialog, LABEL.imei).fill("12345");
    await field(dialog, LABEL.imei).press("Enter");
    await expect(dialog.getByText("El correo electrónico no coincide.", { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText("El formato del IMEI es inválido", { exact: true }).first()).toBeVisible();
    // What was typed stays.
    await expect(field(dialog, LABEL.email)).toHaveValue("ana@example.com");
    await expect(field(dialog, LABEL.emailConfirm)).toHaveValue("ana@ejemplo.com");
  });

  test("the phone and the IMEI keep digits only (JavaScript)", async ({ page }) => {
    const dialog = await openModal(page);
    await field(dialog, LABEL.phone).pressSequentially("55-12a34 5678");
    await expect(field(dialog, LABEL.phone)).toHaveValue("5512345678");
    await field(dialog, LABEL.imei).pressSequentially("3569-3803 5643809");
    await expect(field(dialog, LABEL.imei)).toHaveValue("356938035643809");
  });

  test("a number or an IMEI pasted with spaces or dashes arrives whole, though the fields hold 10 and 17 characters (JavaScript)", async ({ page }) => {
    const dialog = await openModal(page);
    await paste(field(dialog, LABEL.phone), "55 1234 5678");
    await expect(field(dialog, LABEL.phone)).toHaveValue("5512345678");
    await paste(field(dialog, LABEL.imei), "35-693803-564380-9");
    await expect(field(dialog, LABEL.imei)).toHaveValue("356938035643809");
    // The device check runs on what arrived: the whole IMEI, not a cut one.
    await expect(dialog.getByText(DEVICES.esim.text, { exact: true })).toBeVisible();
  });

  test("someone typing before the modal's code arrives keeps the field and what they typed (JavaScript)", async ({ page }) => {
    const release = await holdRequests(page, /\/build\/.*esim-modal-[^/]*\.js$/);
    await page.goto(`/e-sim?oferta=${OFFER.id}`);
    const dialog = modal(page);
    await field(dialog, LABEL.phone).pressSequentially("5512");
    release();
    await waitForModal(dialog);
    await expect(field(dialog, LABEL.phone)).toBeFocused();
    await page.keyboard.type("345678");
    await expect(field(dialog, LABEL.phone)).toHaveValue("5512345678");
  });

  test("an IMEI typed before the modal's code arrives is checked once it runs, and 'Pagar' opens for it (JavaScript)", async ({ page }) => {
    const release = await holdRequests(page, /\/build\/.*esim-modal-[^/]*\.js$/);
    await page.goto(`/e-sim?oferta=${OFFER.id}`);
    const dialog = modal(page);
    await field(dialog, LABEL.imei).pressSequentially(DEVICES.esim.imei);
    release();
    await waitForModal(dialog);
    await expect(field(dialog, LABEL.imei)).toHaveValue(DEVICES.esim.imei);
    await expect(deviceStatus(page)).toContainText(DEVICES.esim.text);
    await expect(payButton(dialog)).not.toHaveAttribute("aria-disabled", "true");
  });
});

test.describe("the device check", () => {
  for (const [kind, device] of Object.entries(DEVICES)) {
    test(`${device.imei} (${kind}) answers '${device.text.slice(0, 40)}…'`, async ({ page }) => {
      const dialog = await openModal(page);
      await field(dialog, LABEL.email).fill("ana@example.com");
      await enterImei(dialog, device.imei, true);
      await expect(deviceStatus(page)).toContainText(device.text);
      await expect(deviceStatus(page)).toHaveClass(new RegExp(`device-check--${kind === "esim" ? "success" : kind === "vozapp" ? "warning" : "error"}`));
      // The rest of the form is neither judged nor lost.
      await expect(field(dialog, LABEL.email)).toHaveValue("ana@example.com");
      await expect(dialog.locator(".field__error")).toHaveCount(0);
      if (kind === "networkOnly") await expect(deviceStatus(page).getByRole("link", { name: "Comprar una SIM física", exact: true })).toHaveAttribute("href", "/cambiate-a-bait?section=sim");
    });
  }

  test("with JavaScript 'Pagar' stays unavailable until the device can take an eSIM", async ({ page }) => {
    const dialog = await openModal(page);
    await expect(payButton(dialog)).toHaveAttribute("aria-disabled", "true");
    await expect(dialog.getByText("Para pagar, revisa primero que tu equipo sea compatible con E-SIM.", { exact: true })).toBeVisible();
    await enterImei(dialog, DEVICES.networkOnly.imei, true);
    await expect(deviceStatus(page)).toContainText(DEVICES.networkOnly.text);
    await expect(payButton(dialog)).toHaveAttribute("aria-disabled", "true");
    await field(dialog, LABEL.imei).fill(DEVICES.esim.imei);
    await expect(deviceStatus(page)).toContainText(DEVICES.esim.text);
    await expect(payButton(dialog)).not.toHaveAttribute("aria-disabled", "true");
  });

  test("'Pagar' with a device that takes no eSIM is refused with its message", async ({ page }) => {
    const dialog = await openModal(page);
    await fillForm(dialog, { email: "ana@example.com", imei: DEVICES.incompatible.imei }, false);
    await dialog.locator('button[type="submit"][hidden]').evaluate((button: HTMLButtonElement) => button.form?.requestSubmit(button));
    await expect(deviceStatus(page)).toContainText(DEVICES.incompatible.text);
    await expect(dialog.getByText("Para pagar, revisa primero que tu equipo sea compatible con E-SIM.", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/e-sim");
  });
});

test.describe("accessibility", () => {
  test("no axe violations with the modal empty, with errors and with each kind of device answer", async ({ auditedPage: page }) => {
    test.slow();
    const dialog = await openModal(page);
    await expectNoAxeViolations(page, "modal eSIM vacío");
    await field(dialog, LABEL.email).fill("ana@example.com");
    await field(dialog, LABEL.emailConfirm).fill("otra@example.com");
    await field(dialog, LABEL.imei).fill("123");
    await field(dialog, LABEL.imei).press("Enter");
    await expect(dialog.getByText("El formato del IMEI es inválido", { exact: true }).first()).toBeVisible();
    await page.waitForLoadState("load");
    await expectNoAxeViolations(page, "modal eSIM con errores");
    for (const device of [DEVICES.esim, DEVICES.networkOnly, DEVICES.vozapp]) {
      await field(dialog, LABEL.imei).fill(device.imei);
      await checkButton(dialog).click();
      await expect(modal(page).locator(".device-check")).toContainText(device.text);
      await expectNoAxeViolations(page, `modal eSIM ${device.imei}`);
    }
  });
});
