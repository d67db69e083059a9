import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { waitForHydration, waitForModal } from "./support/hydration";
import { acceptCookies } from "./support/cookies";
import { pageScrollWidth } from "./support/page-scroll";
import { searchColonias } from "./support/colonias";

/**
 * The SIM modal (docs/sim.md, spec §2 "A SIM modal asks for delivery data", §3 SIM delivery, §5 SIM form, §8
 * postal code): `/cambiate-a-bait?chip=OFFERID` renders a <dialog> with the offer, its delivery
 * cost and the delivery form; the postal code brings its colonias (at the 5th digit with
 * JavaScript, with 'Buscar colonias' without it); 'Siguiente' hands the sale over to /pago.
 * With JavaScript; the purchase up to /pago also without it (@no-js). What the server answers
 * without JavaScript (the modal, 'Buscar colonias', the refusals) is proved in
 * tests/http/sim.test.ts. Only reads the mock world.
 */

/** Every step waits for a server round trip; on a busy machine one can take longer than 5 s. */
const expect = baseExpect.configure({ timeout: 10_000 });

// ---------------------------------------------------------------------------------------------
// Demo data (DEMO-DATA.md › Postal codes) and texts

const OFFER = { id: "SIM200", name: "Chip Bait con recarga de 150", price: "$200.00", shipping: "$49.00", total: "$249.00" };
const TITLE = "Compra tu chip Bait";

const LABEL = {
  name: "Nombre(s)",
  lastName: "Apellidos",
  email: "Correo electrónico",
  phone: "Número de teléfono de contacto",
  postalCode: "Código postal",
  colony: "Colonia",
  street: "Calle",
  exterior: "Número exterior",
  interior: "Número interior (opcional)",
};

/** The mock upstream's own message for 99999 (docs/sim.md, spec §8: "server message or 'Hubo un error al consultar tu código postal'"). */
const NOT_FOUND_99999 = "No encontramos colonias para el código postal 99999";
const LOOKUP_FAILED = "Hubo un error al consultar tu código postal";
const SUMMARY_TITLE = "Revisa los siguientes datos:";

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const containing = (value: string) => new RegExp(escapeRegExp(value));

// ---------------------------------------------------------------------------------------------
// Helpers


test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

const modal = (page: Page) => page.getByRole("dialog", { name: TITLE, exact: true });
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
const submit = (dialog: Locator) => dialog.getByRole("button", { name: "Siguiente", exact: true });
const searchButton = (dialog: Locator) => dialog.getByRole("button", { name: "Buscar colonias", exact: true });
const errorSummary = (dialog: Locator) => dialog.getByRole("alert").filter({ has: dialog.page().getByRole("heading", { name: SUMMARY_TITLE, exact: true }) });
const chipParam = (page: Page) => new URL(page.url()).searchParams.get("chip");

/** A row `term` → `value` of a definition list in the dialog (the costs, the place of the postal code). */
const rowValue = (dialog: Locator, term: string) =>
  dialog.locator("dl > div").filter({ has: dialog.page().locator("dt", { hasText: new RegExp(`^${escapeRegExp(term)}$`) }) }).locator("dd");

async function openModal(page: Page, offerId = OFFER.id): Promise<Locator> {
  await page.goto(`/cambiate-a-bait?chip=${offerId}`);
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  return dialog;
}

/** Types the postal code; with JavaScript the lookup starts by itself, without it 'Buscar colonias' asks the server. */
async function enterPostalCode(dialog: Locator, postalCode: string) {
  await field(dialog, LABEL.postalCode).fill(postalCode);
  if (!jsOn()) await searchColonias(dialog);
}

async function expectColonias(dialog: Locator, names: string[]) {
  await expect(field(dialog, LABEL.colony).locator("option")).toHaveText(["Selecciona tu colonia", ...names]);
}

// ---------------------------------------------------------------------------------------------

test.describe("opening the SIM modal", () => {
  test("'Comprar chip' on a SIM card of /cambiate-a-bait opens the modal: the offer, 'Envío a domicilio' and the total", async ({ page }) => {
    await page.goto("/cambiate-a-bait");
    await waitForHydration(page);
    await page.getByRole("link", { name: `Comprar chip: ${OFFER.name}, ${OFFER.price}`, exact: true }).click();

    const dialog = modal(page);
    await expect(dialog).toBeVisible();
    expect(chipParam(page)).toBe(OFFER.id);
    await waitForModal(dialog);

    await expect(dialog.getByRole("heading", { name: OFFER.name, exact: true })).toBeVisible();
    await expect(dialog.getByText("Vigencia de 30 días")).toBeVisible();
    await expect(dialog.getByText("Redes sociales ilimitadas", { exact: true })).toBeVisible();
    await expect(rowValue(dialog, "Chip con recarga")).toHaveText(OFFER.price);
    await expect(rowValue(dialog, "Envío a domicilio")).toHaveText(OFFER.shipping);
    await expect(rowValue(dialog, "Total a pagar")).toHaveText(OFFER.total);

    for (const label of Object.values(LABEL)) await expect(field(dialog, label), `«${label}»`).toBeVisible();
    await expect(field(dialog, LABEL.email)).toHaveAttribute("type", "email");
    await expect(field(dialog, LABEL.phone)).toHaveAttribute("type", "tel");
    const postalCode = field(dialog, LABEL.postalCode);
    await expect(postalCode).toHaveAttribute("inputmode", "numeric");
    await expect(postalCode).toHaveAttribute("maxlength", "5");
    await expect(postalCode).toHaveAttribute("autocomplete", "postal-code");
    await expect(field(dialog, LABEL.colony)).toHaveValue("00");
    await expect(searchButton(dialog)).toBeVisible();
    await expect(submit(dialog)).toBeVisible();

    // Closing drops ?chip and leaves the page.
    await dialog.getByRole("link", { name: "Cerrar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/cambiate-a-bait" && !url.searchParams.has("chip"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("an offer that is not a SIM says 'Este chip ya no está disponible…' and 'Ver chips' closes it", async ({ page }) => {
    const dialog = await openModal(page, "BAIT100");
    await expect(dialog.getByText("Este chip ya no está disponible. Elige otro de nuestros chips.", { exact: true })).toBeVisible();
    await dialog.getByRole("link", { name: "Ver chips", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/cambiate-a-bait" && !url.searchParams.has("chip"));
  });
});

test.describe("the postal code", () => {
  test("06600 lists the colonias Juárez and Roma Norte, in Cuauhtémoc, Ciudad de México", async ({ page }) => {
    const dialog = await openModal(page);
    await field(dialog, LABEL.name).fill("Ana");
    await enterPostalCode(dialog, "06600");

    await expectColonias(dialog, ["Juárez", "Roma Norte"]);
    await expect(rowValue(dialog, "Estado")).toHaveText("Ciudad de México");
    await expect(rowValue(dialog, "Municipio")).toHaveText("Cuauhtémoc");
    await expect(rowValue(dialog, "País")).toHaveText("México");
    await expect(dialog.getByRole("status").filter({ hasText: "Encontramos 2 colonias" })).toBeVisible();
    // Nothing else is judged, and what was typed stays.
    await expect(errorSummary(dialog)).toHaveCount(0);
    await expect(field(dialog, LABEL.name)).toHaveValue("Ana");
    await expect(field(dialog, LABEL.postalCode)).toHaveValue("06600");
    expect(chipParam(page)).toBe(OFFER.id);
  });

  test("99999 shows the server's message beside the postal code, and the field is cleared", async ({ page }) => {
    const dialog = await openModal(page);
    await enterPostalCode(dialog, "99999");

    await expect(field(dialog, LABEL.postalCode)).toHaveAccessibleDescription(containing(NOT_FOUND_99999));
    await expect(dialog.locator(".field__error", { hasText: NOT_FOUND_99999 })).toBeVisible();
    await expect(field(dialog, LABEL.postalCode)).toHaveAttribute("aria-invalid", "true");
    await expect(field(dialog, LABEL.postalCode)).toHaveValue("");
    await expectColonias(dialog, []);
    await expect(field(dialog, LABEL.postalCode)).toBeFocused();
  });

  test("JS: the lookup starts at the 5th digit, without 'Buscar colonias', and a new code replaces the colonias", async ({ page }) => {
    const dialog = await openModal(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/codigo-postal") asked.push(new URL(request.url()).searchParams.get("cp") ?? "");
    });
    await field(dialog, LABEL.postalCode).pressSequentially("0660");
    await expectColonias(dialog, []);
    await field(dialog, LABEL.postalCode).pressSequentially("0");
    await expectColonias(dialog, ["Juárez", "Roma Norte"]);
    await field(dialog, LABEL.postalCode).fill("44100");
    await expectColonias(dialog, ["Guadalajara Centro"]);
    await expect(rowValue(dialog, "Estado")).toHaveText("Jalisco");
    expect(asked).toEqual(["06600", "44100"]);
  });

  test("JS: a lookup that gets no answer says 'Hubo un error al consultar tu código postal' and clears the field", async ({ page }) => {
    const dialog = await openModal(page);
    await page.route((url) => url.pathname === "/api/codigo-postal", (route) => route.abort("connectionfailed"));
    await field(dialog, LABEL.postalCode).fill("06600");
    await expect(field(dialog, LABEL.postalCode)).toHaveAccessibleDescription(containing(LOOKUP_FAILED));
    await expect(field(dialog, LABEL.postalCode)).toHaveValue("");
  });
});

test.describe("'Siguiente'", () => {
  test("empty: 'Campo requerido' and 'Selecciona tu colonia', listed under 'Revisa los siguientes datos:'", async ({ page }) => {
    const dialog = await openModal(page);
    await submit(dialog).click();
    await expect(errorSummary(dialog)).toBeVisible();
    await expect(errorSummary(dialog).getByRole("link")).toHaveText([
      `${LABEL.name}: Campo requerido`,
      `${LABEL.lastName}: Campo requerido`,
      `${LABEL.email}: Campo requerido`,
      `${LABEL.phone}: Campo requerido`,
      `${LABEL.postalCode}: Campo requerido`,
      `${LABEL.colony}: Selecciona tu colonia`,
      `${LABEL.street}: Campo requerido`,
      `${LABEL.exterior}: Campo requerido`,
    ]);
    await expect(field(dialog, LABEL.colony)).toHaveAccessibleDescription(containing("Selecciona tu colonia"));
    await expect(field(dialog, LABEL.interior)).not.toHaveAttribute("aria-invalid", "true");
    expect(chipParam(page)).toBe(OFFER.id);
  });

  test("a complete form for 64000 (Monterrey Centro) goes to the payment step at /pago", { tag: "@no-js" }, async ({ page }) => {
    const dialog = await openModal(page);
    await field(dialog, LABEL.name).fill("Ana Sofía");
    await field(dialog, LABEL.lastName).fill("Garza Núñez");
    await field(dialog, LABEL.email).fill("ana.garza@example.com");
    await field(dialog, LABEL.phone).fill("81 1234 5678");
    await enterPostalCode(dialog, "64000");
    await expectColonias(dialog, ["Monterrey Centro"]);
    await expect(rowValue(dialog, "Estado")).toHaveText("Nuevo León");
    await field(dialog, LABEL.colony).selectOption({ label: "Monterrey Centro" });
    await field(dialog, LABEL.street).fill("Av. Constitución");
    await field(dialog, LABEL.exterior).fill("100");
    await field(dialog, LABEL.interior).fill("4B");
    await submit(dialog).click();

    await expect(page).toHaveURL((url) => url.pathname === "/pago");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("accessibility and layout", () => {
  test("the modal has no axe violations, before and after a postal-code lookup", async ({ auditedPage, baseURL }) => {
    await acceptCookies(auditedPage.context(), baseURL);
    await auditedPage.goto(`/cambiate-a-bait?chip=${OFFER.id}`);
    const dialog = modal(auditedPage);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(auditedPage);

    // auditedPage runs the server's page without page scripts in the no-js project: there the
    // lookup is 'Buscar colonias'.
    const scripted = await auditedPage.evaluate(() => document.documentElement.classList.contains("js"));
    await field(dialog, LABEL.postalCode).fill("06600");
    if (!scripted) await searchColonias(dialog);
    await expectColonias(dialog, ["Juárez", "Roma Norte"]);
    await expectNoAxeViolations(auditedPage);
  });

  test("on a 375 px phone the modal fits the width and every field is usable", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const dialog = await openModal(page);
    const panel = await dialog.locator(".modal__panel").boundingBox();
    expect(panel, "the modal's panel").not.toBeNull();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(375);
    expect(await dialog.locator(".modal__panel").evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);

    await enterPostalCode(dialog, "06600");
    await expectColonias(dialog, ["Juárez", "Roma Norte"]);
    for (const locator of [field(dialog, LABEL.postalCode), searchButton(dialog), field(dialog, LABEL.colony), field(dialog, LABEL.interior), submit(dialog)]) {
      await locator.scrollIntoViewIfNeeded();
      const box = await locator.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
  });
});
