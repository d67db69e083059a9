import { expect, it } from "vitest";
import { ana } from "../e2e/support/session";
import { cardOnProviderPage, cardStep, consentAndPay, formFields, submit, textOf, type Page } from "./support/payments";
import { useSite } from "./support/site";

/**
 * A payer who opens someone's 'Pide tu recarga' link without JavaScript (docs/request-link.md
 * "Paying a link"), picks an offer and pays at /pago never learns the line: every page the payer
 * receives on the way (the link's page, the checkout with its hidden fields, the provider's page,
 * the receipt) shows it masked. With JavaScript (loader data, scripts) it is
 * tests/e2e/request-link-payer.spec.ts.
 */
const site = useSite();

const MASKED = "(55) •• •• 56 78";
/** The line in full, as digits (no digit touching them: wa.me/525512345678 is another number) or as a page formats it. */
const FULL = [new RegExp(`(?<!\\d)${ana.number}(?!\\d)`), /12 34 56 78/];

function expectNoFullLine(text: string, where: string) {
  for (const form of FULL) {
    const found = form.exec(text);
    expect(found ? text.slice(Math.max(0, found.index - 60), found.index + 60) : null, `the full line in ${where}`).toBeNull();
  }
}

it("a payer who opens a link, picks an offer and goes on to /pago sees the line masked; the full number is in no page the payer receives", async () => {
  const maker = site.visitor();
  await maker.signIn(ana);
  const made = await maker.follow("/pide-recarga", formFields((await maker.get("/pide-recarga")).$, "form#pide-recarga", {}, "Crear enlace"));
  expect(made.url).toMatch(/^\/pide-recarga\?enlace=/);
  const link = new URL(made.$('input[readonly]').filter((_, input) => /\/r\//.test(made.$(input).attr("value") ?? "")).attr("value")!);
  const id = link.pathname.split("/r/")[1]!.split(".")[0]!;

  try {
    const payer = site.visitor();
    const received: Page[] = [];
    const keep = (page: Page) => (received.push(page), page);
    const linkPage = keep(await payer.follow(link.pathname));
    expect(textOf(linkPage)).toContain(`Para la línea Bait ${MASKED}`);
    const form = linkPage.$("form").filter((_, element) => linkPage.$(element).find("button").text().includes("Continuar al pago")).first();
    const radio = form.find('input[type="radio"]').filter((_, input) => {
      const inputId = linkPage.$(input).attr("id");
      return (inputId ? linkPage.$(`label[for="${inputId}"]`).text() : linkPage.$(input).parent("label").text()).trim().startsWith("Bait 50 ");
    });
    const email = form.find('input[type="email"]').attr("name")!;
    const selector = form.attr("id") ? `form#${form.attr("id")}` : `form[action="${form.attr("action")}"]`;
    const checkout = keep(await submit(payer, linkPage, linkPage.url, selector, { [radio.attr("name")!]: radio.attr("value")!, [email]: "tia.rosa@example.com" }, "Continuar al pago"));
    expect(checkout.url).toBe("/pago");
    expect(textOf(checkout, "aside")).toContain(MASKED);
    const provider = keep(await cardStep(payer, checkout, { holder: "Rosa" }));
    const summary = keep(await cardOnProviderPage(payer, provider, "4111111111111111"));
    const receipt = keep(await consentAndPay(payer, summary));
    expect(receipt.url).toBe("/pago/completado");
    expect(textOf(receipt)).toContain(`se aplicará en unos momentos a la línea ${MASKED}`);
    for (const page of received) expectNoFullLine(page.body, page.url);
  } finally {
    // The link's place on Ana's line is given back, paid or not.
    await maker.post("/pide-recarga", { intent: "cancelar", id });
  }
});
