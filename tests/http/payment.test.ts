import { describe, expect, it } from "vitest";
import { ana } from "../e2e/support/session";
import { cardOnProviderPage, cardStep, consentAndPay, folioOf, payByCard, startRecharge, submit, textOf, type Page } from "./support/payments";
import { useSite } from "./support/site";

/**
 * The checkout (/pago) as a browser without JavaScript meets it (docs/payment.md): the card is typed
 * on the provider's hosted payment page (a mock route) and never reaches the app; the server's
 * answers to the card step, the provider's page, the summary, a decline, PayPal and the hosted
 * card's fallback. The browser part (the card sealed in the browser, focus, axe, one no-JavaScript
 * journey) is in tests/e2e/payment.spec.ts.
 */
const site = useSite();

const APPROVED = "Felicidades, se ha completado tu pago.";
const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";

function expectReceipt(page: Page): string {
  expect(page.url.split("?")[0]).toBe("/pago/completado");
  expect(page.$("h1").first().text().trim()).toBe("¡Pago completado!");
  expect(textOf(page)).toContain(APPROVED);
  const folio = folioOf(page);
  expect(folio).toMatch(/^ORD-/);
  return folio;
}

describe("paying a recharge with the card form, without JavaScript (provider type 1)", () => {
  it.each([
    ["4111111111111111", "Visa"],
    ["5555555555554444", "Mastercard"],
    ["2223003122003222", "Mastercard 2-series"],
    ["378282246310005", "American Express"],
  ])("5512345678 paid with %s (%s) on the provider's page: the receipt, and the line's history shows it", async (number, brand) => {
    const visitor = site.visitor();
    const checkout = await startRecharge(visitor, `pago.${number.slice(-4)}@example.com`);
    expect(checkout.url).toBe("/pago");
    // The card is not on our page: the provider's page takes it.
    expect(checkout.$('form#card input[name="cardNumber"], form#card [name="cvv"]').length).toBe(0);
    const provider = await cardStep(visitor, checkout);
    expect(provider.url.split("?")[0]).toBe("/__mocks/proveedor/pago");
    const summary = await cardOnProviderPage(visitor, provider, number);
    expect(summary.url.split("?")[0]).toBe("/pago");
    expect(textOf(summary, "form#pay")).toContain(`•••• ${number.slice(-4)}`);
    const receipt = await consentAndPay(visitor, summary);
    const folio = expectReceipt(receipt);
    expect(textOf(receipt)).toMatch(/Tu recarga está en proceso y se aplicará en unos momentos a la línea \(55\) 12 34 56 78/);

    const customer = site.visitor();
    await customer.signIn(ana);
    const home = await customer.get("/home");
    const row = home.$("li").filter((_, item) => home.$(item).text().includes(folio));
    expect(row.text(), `${brand} in the history`).toContain("Bait 50");
    expect(row.text()).toContain("Aplicada");
  });

  it("4000000000000002 is declined: the spec's message, step 1 again with the way to the provider's page, the card nowhere in the page", async () => {
    const visitor = site.visitor();
    const answer = await payByCard(visitor, "rechazo@example.com", "4000000000000002");
    expect(answer.url.split("?")[0]).toBe("/pago");
    expect(answer.$('[role="alert"]').text()).toContain(DECLINED);
    expect(textOf(answer)).toContain("Te quedan 2 intentos antes de que el pago se reinicie.");
    expect(answer.$("form#card button").filter((_, button) => answer.$(button).text().trim() === "Continuar a la página segura de pago").length).toBe(1);
    expect(answer.body).not.toContain("4000000000000002");
    expect(answer.body).not.toContain("4000 0000 0000 0002");
  });

  it("three declines in a row: the counter resets, the message shows, the card starts over and the holder stays; a fourth attempt pays", async () => {
    const visitor = site.visitor();
    let page = await startRecharge(visitor, "tres@example.com");
    for (let attempt = 1; attempt <= 3; attempt++) {
      page = await consentAndPay(visitor, await cardOnProviderPage(visitor, await cardStep(visitor, page), "4000000000000002"));
      expect(page.$('[role="alert"]').text()).toContain(DECLINED);
      if (attempt < 3) expect(textOf(page)).toContain(attempt === 1 ? "Te quedan 2 intentos antes de que el pago se reinicie." : "Te queda 1 intento antes de que el pago se reinicie.");
    }
    expect(textOf(page)).toContain("Por tu seguridad reiniciamos el formulario. Revisa los datos de tu tarjeta o intenta con otra.");
    expect(textOf(page)).not.toMatch(/Te queda/);
    expect(page.$('form#card input[name="firstName"]').attr("value")).toBe("Ana");
    expect(textOf(page, "form#card")).toContain("Paso 1 de 2");
    expectReceipt(await consentAndPay(visitor, await cardOnProviderPage(visitor, await cardStep(visitor, page), "4111111111111111")));
  });

  it("the provider's page checks the card rules with the spec's 'Lo sentimos, …' messages and keeps none of it", async () => {
    const visitor = site.visitor();
    const provider = await cardStep(visitor, await startRecharge(visitor, "reglas@example.com"));
    const refused = await cardOnProviderPage(visitor, provider, "4111111111111112", { expiry: "01/20", cvv: "12" });
    expect(refused.url.split("?")[0]).toBe("/__mocks/proveedor/pago");
    const text = textOf(refused, "body");
    expect(text).toContain("Lo sentimos, el número de tarjeta no es válido. Aceptamos tarjetas Visa, Mastercard y American Express.");
    expect(text).toContain("Lo sentimos, la fecha de vencimiento de tu tarjeta no es válida.");
    expect(text).toContain("Lo sentimos, el código de seguridad debe tener 3 dígitos, o 4 en tarjetas American Express.");
    const number = refused.$('input[name="numero"]');
    expect(number.attr("aria-invalid")).toBe("true");
    expect(number.attr("value") ?? "").toBe("");
    expect(refused.body).not.toContain("4111111111111112");
  });

  it("'Buscar colonias' with 06600 lists its colonias and the city; 99999 answers the lookup's error and clears the field", async () => {
    const visitor = site.visitor();
    const checkout = await startRecharge(visitor, "cp@example.com");
    const listed = await submit(visitor, checkout, checkout.url, "form#card", { postalCode: "06600" }, "Buscar colonias");
    expect(listed.$('form#card select[name="colonia"] option').map((_, option) => listed.$(option).text().trim()).get()).toEqual(["Selecciona tu colonia", "Juárez", "Roma Norte"]);
    expect(textOf(listed, "form#card")).toContain("Ciudad de México");
    const failed = await submit(visitor, listed, listed.url, "form#card", { postalCode: "99999" }, "Buscar colonias");
    expect(textOf(failed, "form#card")).toMatch(/Hubo un error al consultar tu código postal|No encontramos colonias para el código postal 99999/);
    expect(failed.$('form#card input[name="postalCode"]').attr("value") ?? "").toBe("");
  });

  it("without a details step (+directo): no 'Paso 1 de 2', and the summary after the provider's page pays", async () => {
    const visitor = site.visitor();
    const checkout = await startRecharge(visitor, "ana+directo@example.com");
    expect(textOf(checkout, "form#card")).not.toContain("Paso 1 de 2");
    expectReceipt(await consentAndPay(visitor, await cardOnProviderPage(visitor, await cardStep(visitor, checkout), "5555555555554444")));
  });

  it("no form of the app takes the card: its fields are on the provider's page only, which posts to the provider; every post to /pago goes without them", async () => {
    const visitor = site.visitor();
    const checkout = await startRecharge(visitor, "ningun.envio@example.com");
    const cardFields = '[name="cardNumber"], [name="numero"], [name="cvv"], [name="expiry"], [name="vencimiento"], [name="sealed"]';
    expect(checkout.$("form").find(cardFields).length).toBe(0);
    const provider = await cardStep(visitor, checkout);
    expect(provider.$("form").attr("action")).toBe("/__mocks/proveedor/pago");
    const summary = await cardOnProviderPage(visitor, provider, "5555555555554444");
    expect(summary.$("form").find(cardFields).length).toBe(0);
    expect(summary.body).not.toContain("5555555555554444");
  });
});

describe("the hosted card (provider type 2) without JavaScript", () => {
  it("says it needs JavaScript and offers the card form, which pays", async () => {
    const visitor = site.visitor();
    const checkout = await startRecharge(visitor, "ana+iframe@example.com");
    expect(textOf(checkout)).toContain("El formulario seguro del procesador de pagos necesita JavaScript, que está desactivado en tu navegador.");
    const link = checkout.$("a").filter((_, a) => checkout.$(a).text().trim() === "Pagar con el formulario de tarjeta");
    expect(link.length).toBe(1);
    const form = await visitor.follow(link.attr("href")!);
    expectReceipt(await consentAndPay(visitor, await cardOnProviderPage(visitor, await cardStep(visitor, form), "4111111111111111")));
  });
});

describe("PayPal (provider type 3) without JavaScript", () => {
  it("the server checks the consents; PayPal's approval brings the visitor back to confirm, and it pays", async () => {
    const visitor = site.visitor();
    const checkout = await startRecharge(visitor, "ana+paypal@example.com");
    const refused = await submit(visitor, checkout, checkout.url, "form#paypal", {}, "Pagar con PayPal");
    expect(textOf(refused)).toContain("Lo sentimos, no has aceptado nuestro aviso de privacidad.");
    const paypal = await submit(visitor, refused, refused.url, "form#paypal", { privacy: true, terms: true }, "Pagar con PayPal");
    expect(paypal.url).toMatch(/^\/__mocks\/paypal/);
    const back = await submit(visitor, paypal, paypal.url, "form", {}, "Pagar con PayPal");
    expect(back.url.split("?")[0]).toBe("/pago");
    expect(textOf(back)).toContain("PayPal aprobó tu pago. Confírmalo para terminar tu compra.");
    const form = back.$("form").filter((_, f) => back.$(f).find("button").text().trim().startsWith("Pagar")).first();
    const id = form.attr("id");
    expectReceipt(await submit(visitor, back, back.url, id ? `form#${id}` : "main form[method=post]", {}, "Pagar"));
  });
});
