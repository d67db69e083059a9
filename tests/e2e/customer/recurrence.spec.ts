import { expect as baseExpect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { confirmAndPay, fillCardForm } from "../support/card";
import { waitForHydration } from "../support/hydration";
import { bendLine, jsOn, logIn, resetLines } from "./support";

/**
 * /recurrente (docs/customer.md): Ana's recurrence as the demo world seeds it; a recurrence
 * started through the payment modal and the checkout, its card changed through the update modal,
 * then modified, deactivated, reactivated and cancelled, each confirmed (also without JavaScript, @no-js); a failure.
 * The js run uses Luis's mobile line, the no-js run the portable-internet line, so the two never share state. What the
 * server answers without JavaScript (Ana's recurrence, each kind of line offered only its own kind's recharges of
 * pages-config/recharges.json `recurring.offerIds`, the update modal, a failure) is proved at the HTTP level:
 * tests/http/recurrence.test.ts.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SCHEDULED = "Se ha programado tu recarga recurrente exitosamente. Asegúrate de tener saldo en tu tarjeta.";
const ACTIVATED = "La nueva recarga recurrente quedó activa con cargo a tu tarjeta registrada";

const card = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
const fact = (page: Page, name: string, term: string) => card(page, name).locator("dl > div").filter({ has: page.locator("dt", { hasText: term }) }).locator("dd");

test("Ana sees her active Bait 100 every 15 days on the card ending 1111, with its next and last charge", async ({ auditedPage: page }) => {
  await logIn(page, "mbb", "5512345678");
  await page.goto("/recurrente");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recargas Recurrentes");
  const bait100 = card(page, "Bait 100");
  await expect(bait100).toContainText("Activa");
  await expect(bait100).toContainText("Cada 15 días");
  await expect(fact(page, "Bait 100", "Monto")).toHaveText("$100.00");
  await expect(fact(page, "Bait 100", "Tarjeta")).toHaveText("terminación 1111");
  await expect(fact(page, "Bait 100", "Próximo cargo")).toHaveText(/^\d+ de [a-z]+ de \d{4}$/);
  await expect(fact(page, "Bait 100", "Último cargo")).toHaveText(/^\d+ de [a-z]+ de \d{4}$/);
  await expectNoAxeViolations(page, "/recurrente");
});

const journey = () =>
  jsOn()
    ? { profile: "mbb" as const, line: "5545678901", shown: "(55) 45 67 89 01", offer: "Bait 100", offerId: "BAIT100", price: "$100.00", other: "Bait 200: $200.00", otherPrice: "$200.00", modified: "Bait 200", email: "luis.suspend@example.com" }
    : { profile: "mifi" as const, line: "5576543210", shown: "(55) 76 54 32 10", offer: "Internet Portátil 200", offerId: "MIFI200", price: "$200.00", other: "Internet Portátil 300: $300.00", otherPrice: "$300.00", modified: "Internet Portátil 300", email: "demo.mifi@example.com" };

/** At /pago with a recurring sale: the card form, then 'Pagar', to the confirmation's scheduled text. */
async function payRecurring(page: Page, cardNumber: string) {
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.getByText("Recarga recurrente").first()).toBeVisible();
  await waitForHydration(page);
  await fillCardForm(page, cardNumber, { holder: "Luis" });
  await confirmAndPay(page);
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(page.getByText(SCHEDULED, { exact: true })).toBeVisible();
}

/** The journey's dialogs are audited once, in the js run: without JavaScript they are the same markup. */
const audit = (page: Page, what: string) => (jsOn() ? expectNoAxeViolations(page, what) : Promise.resolve());

async function confirmStep(page: Page, name: string, link: string, title: string) {
  await card(page, name).getByRole("link", { name: link, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await audit(page, `confirmation: ${title}`);
  await dialog.getByRole("button", { name: "Sí, confirmar" }).click();
}

test("a recurrence started from the line's category, paid at /pago, then modified, deactivated, reactivated and cancelled", { tag: "@no-js" }, async ({ auditedPage: page, request }) => {
  const run = journey();
  await resetLines(request, [run.line]);
  await logIn(page, run.profile, run.line);
  await page.goto("/recurrente");
  await expect(page.getByText("Aún no tienes recargas recurrentes.")).toBeVisible();
  // Only the line's own kind is offered.
  await expect(page.getByRole("link", { name: "Programar Internet en Casa 349" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Programar Bait 100" })).toHaveCount(run.profile === "mbb" ? 1 : 0);
  await waitForHydration(page);
  await page.getByRole("link", { name: `Programar ${run.offer}` }).click();

  const modal = page.getByRole("dialog", { name: run.offer, exact: true });
  await expect(modal).toContainText(run.price);
  await expect(modal).toContainText(run.shown);
  await expect(modal).toContainText(run.email);
  await expect(modal.getByRole("link", { name: "Aviso de privacidad" })).toBeVisible();
  await audit(page, "recurring recharge payment modal");
  await modal.getByRole("button", { name: "Continuar al pago" }).click();

  await payRecurring(page, "5555555555554444");

  await page.goto("/recurrente");
  await expect(card(page, run.offer)).toContainText("Activa");
  await expect(fact(page, run.offer, "Tarjeta")).toHaveText("terminación 4444");
  await expect(fact(page, run.offer, "Monto")).toHaveText(run.price);

  // 'Cambiar tarjeta': the update modal, a new card through the checkout; the recurrence it replaces stops.
  await card(page, run.offer).getByRole("link", { name: "Cambiar tarjeta", exact: true }).click();
  const update = page.getByRole("dialog", { name: "Cambiar la tarjeta de tu recarga recurrente" });
  await expect(update).toContainText("Tarjeta actual: terminación 4444");
  await update.getByRole("button", { name: "Continuar al pago" }).click();
  await payRecurring(page, "4111111111111111");
  await page.goto("/recurrente");
  await expect(card(page, run.offer)).toHaveCount(1);
  await expect(fact(page, run.offer, "Tarjeta")).toHaveText("terminación 1111");
  await expect(card(page, run.offer)).toContainText("Activa");

  // Modify: a date a month ahead and another amount.
  await card(page, run.offer).getByRole("link", { name: "Modificar", exact: true }).click();
  const modify = page.getByRole("dialog", { name: "Modificar tu recarga recurrente" });
  await expect(modify).toBeVisible();
  await audit(page, "modify dialog");
  await modify.getByLabel("Fecha del próximo cargo").fill("2020-01-01");
  await modify.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("dialog", { name: "Modificar tu recarga recurrente" }).getByText("Elige una fecha entre mañana y un año a partir de hoy")).toBeVisible();
  // A month ahead of the first day the field offers (its min, tomorrow on the server's calendar).
  const earliest = await page.getByRole("dialog", { name: "Modificar tu recarga recurrente" }).getByLabel("Fecha del próximo cargo").getAttribute("min");
  expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const next = new Date(Date.parse(`${earliest}T12:00:00Z`) + 29 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByRole("dialog", { name: "Modificar tu recarga recurrente" }).getByLabel("Fecha del próximo cargo").fill(next);
  await page.getByRole("dialog", { name: "Modificar tu recarga recurrente" }).getByLabel("Monto").selectOption({ label: run.other });
  await page.getByRole("dialog", { name: "Modificar tu recarga recurrente" }).getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: ACTIVATED })).toBeVisible();
  const modified = run.modified;
  await expect(fact(page, modified, "Monto")).toHaveText(run.otherPrice);
  const [year, month, day] = next.split("-").map(Number);
  const monthName = new Date(Date.UTC(year!, month! - 1, day!, 12)).toLocaleDateString("es-MX", { month: "long", timeZone: "UTC" });
  await expect(fact(page, modified, "Próximo cargo")).toHaveText(`${day} de ${monthName} de ${year}`);

  await confirmStep(page, modified, "Desactivar", "¿Desactivar tu recarga recurrente?");
  await expect(page.getByRole("status").filter({ hasText: "Tu recarga recurrente quedó desactivada." })).toBeVisible();
  await expect(card(page, modified)).toContainText("Desactivada");
  await expect(fact(page, modified, "Próximo cargo")).toHaveText("Sin fecha");

  await confirmStep(page, modified, "Reactivar", "¿Reactivar tu recarga recurrente?");
  await expect(page.getByRole("status").filter({ hasText: ACTIVATED })).toBeVisible();
  await expect(card(page, modified)).toContainText("Activa");

  await confirmStep(page, modified, "Cancelar recarga recurrente", "¿Cancelar tu recarga recurrente?");
  await expect(page.getByRole("status").filter({ hasText: "Tu recarga recurrente fue cancelada." })).toBeVisible();
  await expect(card(page, modified)).toHaveCount(0);
  await expect(page.getByText("Aún no tienes recargas recurrentes.")).toBeVisible();
});

test("the update modal shows the recurrence's card and leads to the checkout", async ({ auditedPage: page }) => {
  await logIn(page, "mbb", "5512345678");
  await page.goto("/recurrente");
  await card(page, "Bait 100").getByRole("link", { name: "Cambiar tarjeta", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Cambiar la tarjeta de tu recarga recurrente" });
  await expect(dialog).toContainText("Tarjeta actual: terminación 1111");
  await expectNoAxeViolations(page, "update modal");
  await dialog.getByRole("button", { name: "Continuar al pago" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.getByText("Bait 100").first()).toBeVisible();
});

test("when the recurrences cannot be read, the page says so and still offers new ones", async ({ auditedPage: page, request }) => {
  const line = "5581112222";
  await bendLine(request, ["payments.searchRecurrences"], line, { status: 500 });
  try {
    await logIn(page, "hbb", line);
    await page.goto("/recurrente");
    await expect(page.getByRole("alert").filter({ hasText: "No pudimos cargar tus recargas recurrentes. Inténtalo de nuevo más tarde." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Programa una recarga recurrente" })).toBeVisible();
  } finally {
    await bendLine(request, ["payments.searchRecurrences"], line, {});
  }
});
