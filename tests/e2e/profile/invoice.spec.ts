import { expect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { waitForHydration } from "../support/hydration";
import { logIn } from "./support";

/**
 * Invoices (CFDI) of a recharge of Ana's history (docs/profile.md), with JavaScript: the SAT
 * catalogues, the RFC rules (length, date, check digit) and the folio. Invoicing changes no line,
 * so no reset. What the server answers without JavaScript (the refusals with the RFC kept, the
 * folio, a recharge that is not hers) is proved at the HTTP level: tests/http/invoice.test.ts.
 */
const ANA = "5512345678";

async function openFirstRecharge(page: Page) {
  await page.goto("/factura");
  await expect(page).toHaveTitle("Facturar recarga");
  await expectNoAxeViolations(page, "/factura");
  await page.getByRole("link", { name: /^Generar factura: / }).first().click();
  await expect(page).toHaveURL(/\/factura\?recarga=/);
  await expect(page.getByLabel("Régimen fiscal")).toContainText("616 · Sin obligaciones fiscales");
  await expect(page.getByLabel("Uso del CFDI")).toContainText("G03 · Gastos en general");
}

async function fill(page: Page, rfc: string) {
  await waitForHydration(page);
  await page.getByLabel("RFC", { exact: true }).fill(rfc);
  await page.getByLabel("Nombre o razón social").fill("Ana García");
  await page.getByLabel("Código postal fiscal").fill("06600");
  await page.getByLabel("Régimen fiscal").selectOption("605");
  await page.getByLabel("Uso del CFDI").selectOption("G03");
  await page.getByLabel("Forma de pago").selectOption("04");
  await page.getByLabel("Método de pago").selectOption("PUE");
  await page.getByRole("button", { name: "Generar factura", exact: true }).click();
}

test("an invoice for a recharge of the history answers its folio", async ({ auditedPage: page }) => {
  test.slow();
  await logIn(page, ANA);
  await openFirstRecharge(page);
  await expect(page.getByLabel("Correo para recibir tu factura")).toHaveValue("demo.mbb@example.com");
  await expectNoAxeViolations(page, "/factura?recarga=");
  await fill(page, "gode561231gr8");
  await expect(page.getByRole("heading", { name: "¡Factura generada!" })).toBeVisible();
  await expect(page.getByText(/^Generamos tu factura con folio F-[0-9A-F]{8}\. La enviaremos a tu correo\.$/)).toBeVisible();
  await expect(page).toHaveURL(/&folio=F-/);
  await expectNoAxeViolations(page, "/factura done");
});

test("an RFC with a wrong check digit, a bad date or a wrong length is refused with its message", async ({ auditedPage: page }) => {
  test.slow();
  await logIn(page, ANA);
  await openFirstRecharge(page);
  await fill(page, "GODE561231GR9");
  await expect(page.getByText("El RFC no es válido: revisa el último carácter (dígito verificador).").first()).toBeVisible();
  await expect(page.getByLabel("RFC", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "/factura with an invalid RFC");
  await fill(page, "GODE561331GR8");
  await expect(page.getByText("La fecha del RFC no es válida.").first()).toBeVisible();
  await fill(page, "WMT970714R1");
  await expect(page.getByText("El RFC debe tener 12 caracteres si es empresa o 13 si es persona.").first()).toBeVisible();
  // The company's RFC and the generic one are fine.
  await fill(page, "XAXX010101000");
  await expect(page.getByRole("heading", { name: "¡Factura generada!" })).toBeVisible();
});
