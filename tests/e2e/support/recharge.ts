import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/* The recharge modal's demo lines, labels, texts and helpers, shared by the specs of tests/e2e/recharge/. */

/**
 * Most steps here wait for a server round trip (a submit, a client-side navigation whose loader
 * asks the mock upstream); on a busy machine one can take longer than the suite's 5 s default.
 * A longer wait costs nothing when the page is quick.
 */
export const expect = baseExpect.configure({ timeout: 10_000 });

// ---------------------------------------------------------------------------------------------
// Demo data and texts

export const ANA = { number: "5512345678", email: "demo.mbb@example.com" };
export const IDLE_MBB = "5534567890";
export const SUSPENDED_HBB = "5581112222";
export const NOT_BAIT = "5500000000";
export const HBB_SERVICE = "5598765432";
export const MIFI_SERVICE = "5576543210";
export const MIFI_CONTACT = "5533334444";
export const PENDING_MBB = "5556789012";

export const LABEL = {
  phone: "Número Bait a recargar",
  hbb: "Número de servicio de Internet en Casa",
  service: "Número de servicio",
  contact: "Número de teléfono de contacto",
  email: "Correo electrónico",
  whatsapp: "Quiero recibir información de mis recargas y promociones de Bait por WhatsApp",
};

export const ERROR = {
  required: "Campo requerido",
  phone: "Número de teléfono inválido",
  service: "Número de servicio inválido",
  email: "Correo inválido",
  idle: "Tu línea no está activa en este momento, por eso no es posible recargarla. Si necesitas ayuda, escríbenos por WhatsApp.",
  notBait: "El número que ingresaste no es un número Bait. Revisa que esté bien escrito.",
  notMobile: "El número ingresado no es un número Bait de celular. Elige la recarga de Internet en Casa o Internet Portátil si es un número de servicio.",
};

export const PENDING_TEXT = "Aún cuentas con una recarga en proceso sin aplicarse. ¿Deseas continuar?";
export const SUMMARY_TITLE = "Revisa los siguientes datos:";

export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export const containing = (value: string) => new RegExp(escapeRegExp(value));

export const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

export const modal = (page: Page, offer: string) => page.getByRole("dialog", { name: offer, exact: true });
export const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
/** The live-check status under a number field. */
export const lineStatus = (dialog: Locator, label: string) => dialog.locator(".field", { has: dialog.page().getByLabel(label, { exact: true }) }).getByRole("status");
export const submit = (dialog: Locator) => dialog.getByRole("button", { name: "Siguiente", exact: true });
export const errorSummary = (dialog: Locator) => dialog.getByRole("alert").filter({ has: dialog.page().getByRole("heading", { name: SUMMARY_TITLE, exact: true }) });
export const offerLink = (page: Page, name: string) => page.getByRole("link", { name, exact: true });
export const recargaParam = (page: Page) => new URL(page.url()).searchParams.get("recarga");

/** Opens the modal of `offerId` by its URL and waits until it can be used. */
export async function openModal(page: Page, offerId: string, offer: string): Promise<Locator> {
  await page.goto(`/recargas?recarga=${offerId}`);
  const dialog = modal(page, offer);
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  return dialog;
}

/** The field's error (and live-check status) as assistive technology reads it: its accessible description. */
export async function expectFieldMessage(dialog: Locator, label: string, text: string) {
  await expect(field(dialog, label), `message of «${label}»`).toHaveAccessibleDescription(containing(text));
  await expect(field(dialog, label)).toHaveAttribute("aria-invalid", "true");
}

/**
 * The error summary after a refused 'Siguiente', whether the browser found the problem (with
 * JavaScript) or the server did.
 */
export async function expectErrorSummary(dialog: Locator, entries: string[], _where: { foundBy: "browser" | "server" }) {
  await expect(errorSummary(dialog)).toBeVisible();
  await expect(errorSummary(dialog).getByRole("link")).toHaveText(entries);
}

/** The hand-over page's summary row `term` → `value`. */
export function summaryValue(page: Page, term: string): Locator {
  return page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${escapeRegExp(term)}$`) }) }).locator("dd");
}

/** The checkout (/pago) with the sale's order summary: the offer's name, then its rows. */
export async function expectHandOver(page: Page, name: string, rows: Record<string, string | RegExp>) {
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.getByRole("heading", { level: 1, name: "Completa tu pago", exact: true })).toBeVisible();
  const order = page.getByRole("complementary", { name: "Tu compra" });
  await expect(order.locator(".checkout-order__name")).toHaveText(name);
  for (const [term, value] of Object.entries(rows)) {
    await expect(summaryValue(page, term), `row «${term}»`).toHaveText(value);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Forma de pago", exact: true })).toBeVisible();
}

