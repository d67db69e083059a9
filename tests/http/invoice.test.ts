import { describe, expect, it } from "vitest";
import { ana } from "../e2e/support/session";
import { fieldErrors, h1, mainText } from "./support/accounts";
import { useSite, type Visitor } from "./support/site";

/**
 * Invoices (CFDI) of a recharge of Ana's history without JavaScript (docs/profile.md): the list of
 * her recharges, the form with the SAT catalogues, the RFC rules (check digit, date, length) as the
 * server answers them with the RFC kept, the folio, and a recharge that is not hers. The journeys
 * with JavaScript and the axe audits are in tests/e2e/profile/invoice.spec.ts.
 */
const site = useSite();

const FISCAL = { businessName: "Ana García", postalCode: "06600", taxRegime: "605", cfdiUse: "G03", paymentForm: "04", paymentMethod: "PUE", email: "demo.mbb@example.com" };

/** Ana signed in, at the form of the first recharge of /factura; answers the form's address. */
async function openFirstRecharge(visitor: Visitor) {
  await visitor.signIn(ana);
  const list = await visitor.get("/factura");
  expect(list.status).toBe(200);
  expect(list.$("title").text()).toBe("Facturar recarga");
  const link = list.$("main a").filter((_, a) => list.$(a).text().trim() === "Generar factura").first().attr("href");
  expect(link).toMatch(/^\/factura\?recarga=ORD-/);
  const form = await visitor.get(link!);
  expect(form.$('select[name="taxRegime"] option').map((_, option) => form.$(option).text()).get()).toContain("616 · Sin obligaciones fiscales");
  expect(form.$('select[name="cfdiUse"] option').map((_, option) => form.$(option).text()).get()).toContain("G03 · Gastos en general");
  expect(form.$('input[name="email"]').attr("value")).toBe("demo.mbb@example.com");
  expect(form.$("form#invoice").attr("action")).toBe(link);
  return link!;
}

describe("factura", () => {
  it("an invoice for a recharge of the history answers its folio", async () => {
    const visitor = site.visitor();
    const address = await openFirstRecharge(visitor);
    const done = await visitor.follow(address, { rfc: "gode561231gr8", ...FISCAL });
    expect(done.url).toMatch(/^\/factura\?recarga=ORD-[^&]+&folio=F-[0-9A-F]{8}$/);
    expect(done.$("h1, h2").filter((_, heading) => done.$(heading).text().trim() === "¡Factura generada!").length).toBe(1);
    expect(mainText(done)).toMatch(/Generamos tu factura con folio F-[0-9A-F]{8}\. La enviaremos a tu correo\./);
  });

  it.each([
    { rfc: "GODE561231GR9", message: "El RFC no es válido: revisa el último carácter (dígito verificador)." },
    { rfc: "GODE561331GR8", message: "La fecha del RFC no es válida." },
    { rfc: "WMT970714R1", message: "El RFC debe tener 12 caracteres si es empresa o 13 si es persona." },
  ])("the RFC $rfc is refused with '$message', the RFC kept and marked invalid", async ({ rfc, message }) => {
    const visitor = site.visitor();
    const address = await openFirstRecharge(visitor);
    const refused = await visitor.post(address, { rfc, ...FISCAL });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toContain(message);
    expect(refused.$('input[name="rfc"]').attr("value")).toBe(rfc);
    expect(refused.$('input[name="rfc"]').attr("aria-invalid")).toBe("true");
    expect(refused.$('input[name="businessName"]').attr("value")).toBe("Ana García");
  });

  it("the generic RFC XAXX010101000 is accepted", async () => {
    const visitor = site.visitor();
    const address = await openFirstRecharge(visitor);
    const done = await visitor.follow(address, { rfc: "XAXX010101000", ...FISCAL });
    expect(done.url).toMatch(/&folio=F-/);
    expect(mainText(done)).toContain("¡Factura generada!");
  });

  it("a recharge that is not in the customer's history cannot be invoiced", async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const answer = await visitor.get("/factura?recarga=ORD-NO-EXISTE");
    expect(h1(answer)).toBe("Facturar recarga");
    expect(mainText(answer)).toContain("No encontramos la recarga que quieres facturar. Revisa el número y la orden.");
    expect(answer.$("form#invoice").length).toBe(0);
  });
});
