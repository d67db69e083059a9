import { describe, expect, it } from "vitest";
import { bannerHref, bannersOf } from "../e2e/support/chrome-config";
import { ANA, ERROR, HBB_SERVICE, IDLE_MBB, LABEL, MIFI_CONTACT, MIFI_SERVICE, NOT_BAIT, PENDING_MBB, PENDING_TEXT, SUSPENDED_HBB } from "../e2e/support/recharge";
import { actionOf, description, dialogName, errorSummary, field, formValues, h1, hasField, named, openDialog, row, text } from "./support/catalogue";
import { useSite, type Answer, type Visitor } from "./support/site";

/**
 * The recharge modal and number first without JavaScript (docs/recharge.md): what /recargas?recarga=
 * renders, every refusal of 'Siguiente' (the Spanish message beside the field, the error summary,
 * what was typed kept), the line in process, the hand-over to /pago, and the number asked on / and
 * /recargas answered with its offers or its reason. The browser part (the dialog as a modal, Escape,
 * focus, the live check, layouts at 375 and 1280 px, axe, and the journeys without JavaScript tagged
 * @no-js) is in tests/e2e/recharge/.
 */
const site = useSite();

const offerLink = (answer: Answer, name: string) => answer.$(`a[aria-label="${name}"]`);
const formOf = (offerId: string) => `form#recarga-${offerId}`;

/**
 * Opens the modal of `offerId` and sends its form as 'Siguiente' does without JavaScript, each field
 * typed by its label (`values`: label → what was typed).
 */
async function send(visitor: Visitor, offerId: string, values: Record<string, string>) {
  const page = await visitor.get(`/recargas?recarga=${offerId}`);
  expect(page.status).toBe(200);
  const dialog = openDialog(page);
  const typed = Object.fromEntries(Object.entries(values).map(([label, value]) => [field(page.$, label, dialog).attr("name")!, value]));
  return visitor.post(actionOf(page.$, formOf(offerId)), formValues(page.$, formOf(offerId), typed));
}

/** The field's error as assistive technology reads it, and the field marked invalid. */
function expectFieldMessage(answer: Answer, label: string, message: string) {
  const control = field(answer.$, label, openDialog(answer));
  expect(description(answer.$, control), `message of «${label}»`).toContain(message);
  expect(control.attr("aria-invalid")).toBe("true");
}

describe("the recharge modal as the server renders it", () => {
  it("'Recargar' on a /recargas card leads to /recargas?…recarga=BAIT100, the modal open over the catalogue, and 'Cerrar' back to /recargas", async () => {
    const visitor = site.visitor();
    const catalogue = await visitor.get("/recargas");
    const href = offerLink(catalogue, "Recargar: Bait 100, $100.00").attr("href")!;
    expect(new URL(href, site.base).searchParams.get("recarga")).toBe("BAIT100");

    const answer = await visitor.get(href);
    expect(answer.status).toBe(200);
    const dialog = openDialog(answer);
    expect(dialog.length).toBe(1);
    expect(dialogName(answer)).toBe("Bait 100");
    // The offer
    expect(text(dialog.find(".recharge-offer"))).toContain("Total a pagar");
    expect(text(dialog.find(".recharge-offer__amount"))).toBe("$100.00");
    expect(text(dialog)).toContain("Vigencia de 15 días");
    expect(text(dialog.find("strong"))).toContain("Pago 100% seguro");
    // The form
    expect(text(dialog.find("h3.recharge-form__title"))).toBe("Datos de línea");
    expect(field(answer.$, LABEL.phone, dialog).attr("type")).toBe("tel");
    expect(field(answer.$, LABEL.email, dialog).attr("type")).toBe("email");
    const whatsapp = field(answer.$, LABEL.whatsapp, dialog);
    expect(whatsapp.attr("type")).toBe("checkbox");
    expect(whatsapp.attr("checked")).toBeUndefined();
    const fairUse = dialog.find("a").filter((_, a) => text(answer.$(a)) === "Consulta la Política de uso justo");
    expect(fairUse.attr("href")).toMatch(/^\/[a-z-]+/);
    const privacy = dialog.find("a").filter((_, a) => text(answer.$(a)).startsWith("Aviso de privacidad"));
    expect(privacy.attr("target")).toBe("_blank");
    expect(privacy.attr("rel")).toMatch(/\bnoopener\b/);
    const summary = named(answer.$, "Resumen", "dialog[open] section");
    expect(text(summary)).toContain("Bait 100");
    expect(text(summary)).toContain("$100.00");
    expect(text(dialog.find(`${formOf("BAIT100")} button[type="submit"]`))).toBe("Siguiente");

    // The catalogue is still behind it; 'Cerrar' leads back to /recargas without ?recarga.
    expect(offerLink(answer, "Recargar: Bait 100, $100.00").length).toBe(1);
    const close = dialog.find(".modal__close");
    expect(text(close)).toBe("Cerrar");
    const closed = await visitor.get(close.attr("href")!);
    expect(new URL(close.attr("href")!, site.base).pathname).toBe("/recargas");
    expect(new URL(close.attr("href")!, site.base).searchParams.has("recarga")).toBe(false);
    expect(closed.$("dialog").length).toBe(0);
    expect(offerLink(closed, "Recargar: Bait 100, $100.00").length).toBe(1);
  });

  it("the raw HTML of /recargas?recarga=BAIT100 has <dialog open> with a posting form, never kept by a cache", async () => {
    const answer = await site.visitor().get("/recargas?recarga=BAIT100");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
    expect(answer.body).toMatch(/<dialog\b[^>]*\sopen(?:=""|\s|>)/);
    expect(answer.body).toContain("Datos de línea");
    expect(answer.body).toMatch(/<form\b[^>]*method="post"/);
  });

  const layouts: Array<{ id: string; kind: string; fields: string[]; absent: string[] }> = [
    { id: "BAIT50", kind: "a mobile recharge", fields: [LABEL.phone], absent: [LABEL.hbb, LABEL.service, LABEL.contact] },
    { id: "PAQ3M", kind: "a package", fields: [LABEL.phone], absent: [LABEL.hbb, LABEL.service, LABEL.contact] },
    { id: "INTLATAM300", kind: "an international package", fields: [LABEL.phone], absent: [LABEL.hbb, LABEL.service, LABEL.contact] },
    { id: "HBB125", kind: "home internet", fields: [LABEL.hbb], absent: [LABEL.phone, LABEL.service, LABEL.contact] },
    { id: "MIFI100", kind: "portable internet", fields: [LABEL.service, LABEL.contact], absent: [LABEL.phone, LABEL.hbb] },
    { id: "EMPMIFI399", kind: "business portable internet", fields: [LABEL.service, LABEL.contact], absent: [LABEL.phone, LABEL.hbb] },
  ];
  it.each(layouts)("$kind ($id) asks for its numbers and the e-mail", async ({ id, fields, absent }) => {
    const answer = await site.visitor().get(`/recargas?recarga=${id}`);
    const dialog = openDialog(answer);
    expect(dialog.length).toBe(1);
    expect(dialog.find('input[name="offerId"]').attr("value")).toBe(id);
    expect(text(dialog.find("h3.recharge-form__title"))).toBe("Datos de línea");
    for (const label of [...fields, LABEL.email]) expect(hasField(answer.$, label, dialog), `«${label}»`).toBe(true);
    for (const label of fields) expect(field(answer.$, label, dialog).attr("type"), `«${label}» is a phone-number field`).toBe("tel");
    for (const label of absent) expect(hasField(answer.$, label, dialog), `no «${label}»`).toBe(false);
    expect(text(dialog.find(`${formOf(id)} button[type="submit"]`))).toBe("Siguiente");
  });
});

describe("the form's rules, checked by the server", () => {
  it("an empty 'Siguiente' marks every field 'Campo requerido' and lists them under 'Revisa los siguientes datos:', each leading to its field", async () => {
    const answer = await send(site.visitor(), "BAIT100", {});
    expect(answer.status).toBe(400);
    expectFieldMessage(answer, LABEL.phone, ERROR.required);
    expectFieldMessage(answer, LABEL.email, ERROR.required);
    expect(errorSummary(answer.$, openDialog(answer))).toEqual([`${LABEL.phone}: ${ERROR.required}`, `${LABEL.email}: ${ERROR.required}`]);
    const emailEntry = openDialog(answer).find('[role="alert"] a').last();
    expect(emailEntry.attr("href")).toBe(`#${field(answer.$, LABEL.email, openDialog(answer)).attr("id")}`);
    expect(actionOf(answer.$, formOf("BAIT100"))).toBe("/recargas?recarga=BAIT100");
  });

  it("a short number and a malformed e-mail give 'Número de teléfono inválido' and 'Correo inválido', and keep what was typed", async () => {
    const answer = await send(site.visitor(), "BAIT100", { [LABEL.phone]: "55123", [LABEL.email]: "ana@example" });
    expectFieldMessage(answer, LABEL.phone, ERROR.phone);
    expectFieldMessage(answer, LABEL.email, ERROR.email);
    expect(errorSummary(answer.$, openDialog(answer))).toEqual([`${LABEL.phone}: ${ERROR.phone}`, `${LABEL.email}: ${ERROR.email}`]);
    expect(field(answer.$, LABEL.phone, openDialog(answer)).attr("value")).toBe("55123");
    expect(field(answer.$, LABEL.email, openDialog(answer)).attr("value")).toBe("ana@example");
  });

  it("a home-internet offer calls a short number 'Número de servicio inválido'", async () => {
    const answer = await send(site.visitor(), "HBB349", { [LABEL.hbb]: "559876", [LABEL.email]: "demo.hbb@example.com" });
    expectFieldMessage(answer, LABEL.hbb, ERROR.service);
    expect(errorSummary(answer.$, openDialog(answer))).toEqual([`${LABEL.hbb}: ${ERROR.service}`]);
  });

  it("a portable-internet offer requires the service number ('Campo requerido') and checks both numbers", async () => {
    const visitor = site.visitor();
    const missing = await send(visitor, "MIFI200", { [LABEL.contact]: MIFI_CONTACT, [LABEL.email]: "demo.mifi@example.com" });
    expectFieldMessage(missing, LABEL.service, ERROR.required);
    expect(errorSummary(missing.$, openDialog(missing))).toEqual([`${LABEL.service}: ${ERROR.required}`]);
    expect(field(missing.$, LABEL.contact, openDialog(missing)).attr("value")).toBe(MIFI_CONTACT);

    const short = await send(visitor, "MIFI200", { [LABEL.service]: "557654", [LABEL.contact]: "553333", [LABEL.email]: "demo.mifi@example.com" });
    expectFieldMessage(short, LABEL.service, ERROR.service);
    expectFieldMessage(short, LABEL.contact, ERROR.phone);
    expect(errorSummary(short.$, openDialog(short))).toEqual([`${LABEL.service}: ${ERROR.service}`, `${LABEL.contact}: ${ERROR.phone}`]);
  });
});

describe("the line check on 'Siguiente'", () => {
  const refusals = [
    { what: "an idle mobile line", offerId: "BAIT100", label: LABEL.phone, number: IDLE_MBB, message: ERROR.idle },
    { what: "a suspended home-internet line", offerId: "HBB349", label: LABEL.hbb, number: SUSPENDED_HBB, message: ERROR.idle },
    { what: "a number that is not Bait's", offerId: "BAIT100", label: LABEL.phone, number: NOT_BAIT, message: ERROR.notBait },
    { what: "a home-internet service number on a mobile offer", offerId: "BAIT100", label: LABEL.phone, number: HBB_SERVICE, message: ERROR.notMobile },
  ];
  it.each(refusals)("$what ($number on $offerId) is refused under the number field, the modal still open", async ({ offerId, label, number, message }) => {
    const answer = await send(site.visitor(), offerId, { [label]: number, [LABEL.email]: "alguien@example.com" });
    expect(answer.location).toBeNull();
    expectFieldMessage(answer, label, message);
    expect(errorSummary(answer.$, openDialog(answer))).toEqual([`${label}: ${message}`]);
    expect(actionOf(answer.$, formOf(offerId))).toBe(`/recargas?recarga=${offerId}`);
    expect(field(answer.$, label, openDialog(answer)).attr("value")).toBe(number);
  });
});

describe("a recharge still in process (5556789012)", () => {
  async function askAboutPending(visitor: Visitor): Promise<Answer> {
    const answer = await send(visitor, "BAIT100", { [LABEL.phone]: PENDING_MBB, [LABEL.email]: "pendiente@example.com" });
    const dialog = openDialog(answer);
    expect(dialog.find("h2, h3").filter((_, h) => text(answer.$(h)) === "Tienes una recarga en proceso").length).toBe(1);
    expect(dialog.find("p").filter((_, p) => text(answer.$(p)) === PENDING_TEXT).length).toBe(1);
    expect(hasField(answer.$, LABEL.phone, dialog)).toBe(false);
    return answer;
  }

  it("'Siguiente' asks whether to go on; 'Continuar' goes to the payment step with the sale", async () => {
    const visitor = site.visitor();
    const question = await askAboutPending(visitor);
    const form = openDialog(question).find("form").filter((_, f) => question.$(f).find("button").filter((__, b) => text(question.$(b)) === "Continuar").length > 0);
    const button = form.find("button").filter((_, b) => text(question.$(b)) === "Continuar");
    const values = formValues(question.$, "form.pending-question__actions", {}, { name: button.attr("name")!, value: button.attr("value")! });
    const checkout = await visitor.follow(form.attr("action")!, values);
    expect(checkout.url).toBe("/pago");
    expect(h1(checkout)).toBe("Completa tu pago");
    expect(text(checkout.$(".checkout-order__name"))).toBe("Bait 100");
    expect(row(checkout.$, "Número a recargar")).toBe("(55) 56 78 90 12");
    expect(row(checkout.$, "Correo para tu comprobante")).toBe("pendiente@example.com");
    expect(row(checkout.$, "Total a pagar")).toBe("$100.00");
  });

  it("'Cancelar' leads back to the catalogue, no modal", async () => {
    const visitor = site.visitor();
    const question = await askAboutPending(visitor);
    const cancel = openDialog(question).find("a").filter((_, a) => text(question.$(a)) === "Cancelar");
    const href = cancel.attr("href")!;
    expect(new URL(href, site.base).pathname).toBe("/recargas");
    expect(new URL(href, site.base).searchParams.has("recarga")).toBe(false);
    const catalogue = await visitor.get(href);
    expect(catalogue.$("dialog").length).toBe(0);
    expect(offerLink(catalogue, "Recargar: Bait 100, $100.00").length).toBe(1);
  });
});

describe("the hand-over to the payment step (/pago)", () => {
  /** The checkout (/pago) with the sale's order summary: the offer's name, then its rows. */
  function expectHandOver(answer: Answer & { url: string }, name: string, rows: Record<string, string>) {
    expect(answer.url).toBe("/pago");
    expect(h1(answer)).toBe("Completa tu pago");
    const order = answer.$("aside.checkout-order");
    expect(text(order.find("h2").first())).toBe("Tu compra");
    expect(text(order.find(".checkout-order__name"))).toBe(name);
    for (const [term, value] of Object.entries(rows)) expect(row(answer.$, term, order), `row «${term}»`).toBe(value);
    expect(answer.$("h2").filter((_, h) => text(answer.$(h)) === "Forma de pago").length).toBe(1);
  }

  async function handOver(visitor: Visitor, offerId: string, values: Record<string, string>) {
    const answer = await send(visitor, offerId, values);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/pago");
    return visitor.follow(answer.location!);
  }

  it("Bait 100 for 5512345678 goes to /pago with the sale's summary; 'Cambiar datos' returns to the modal", async () => {
    const visitor = site.visitor();
    const checkout = await handOver(visitor, "BAIT100", { [LABEL.phone]: ANA.number, [LABEL.email]: ANA.email });
    expectHandOver(checkout, "Bait 100", { Vigencia: "15 días", "Número a recargar": "(55) 12 34 56 78", "Correo para tu comprobante": ANA.email, "Total a pagar": "$100.00" });
    expect(row(checkout.$, "Teléfono de contacto")).toBeUndefined();

    const edit = checkout.$("a").filter((_, a) => text(checkout.$(a)) === "Cambiar datos");
    const modal = await visitor.get(edit.attr("href")!);
    expect(new URL(edit.attr("href")!, site.base).pathname).toBe("/recargas");
    expect(new URL(edit.attr("href")!, site.base).searchParams.get("recarga")).toBe("BAIT100");
    expect(dialogName(modal)).toBe("Bait 100");
  });

  it("Internet Portátil 200 takes the service number and the contact phone to /pago", async () => {
    const checkout = await handOver(site.visitor(), "MIFI200", { [LABEL.service]: MIFI_SERVICE, [LABEL.contact]: MIFI_CONTACT, [LABEL.email]: "demo.mifi@example.com" });
    expectHandOver(checkout, "Internet Portátil 200", {
      "Número de servicio": "(55) 76 54 32 10",
      "Teléfono de contacto": "(55) 33 33 44 44",
      "Correo para tu comprobante": "demo.mifi@example.com",
      "Total a pagar": "$200.00",
    });
  });

  it("Internet en Casa 349 for the service number 5598765432 goes to /pago", async () => {
    const checkout = await handOver(site.visitor(), "HBB349", { [LABEL.hbb]: HBB_SERVICE, [LABEL.email]: "demo.hbb@example.com" });
    expectHandOver(checkout, "Internet en Casa 349", { "Número de servicio": "(55) 98 76 54 32", "Correo para tu comprobante": "demo.hbb@example.com", "Total a pagar": "$349.00" });
    expect(row(checkout.$, "Teléfono de contacto")).toBeUndefined();
  });

  it("/pago without a sale goes back to /recargas with 'Tu sesión de compra terminó. Elige tu recarga de nuevo.'", async () => {
    const answer = await site.visitor().follow("/pago");
    expect(answer.url.split("?")[0]).toBe("/recargas");
    expect(h1(answer)).not.toBe("Completa tu pago");
    const notice = answer.$('[role="alert"]').filter((_, a) => text(answer.$(a)).includes("Tu sesión de compra terminó"));
    expect(text(notice)).toBe("Tu sesión de compra terminó. Elige tu recarga de nuevo.");
    expect(answer.body).not.toContain("recharge:checkout.expired");
  });
});

describe("from the home page", () => {
  const rechargeBanner = bannersOf("inicio").find((banner) => banner.action === "recharge");

  it("the home carousel's 'recharge' banner links to its offer's modal", async () => {
    expect(rechargeBanner, "pages-config/banners/inicio.json has a 'recharge' slide").toBeDefined();
    const href = bannerHref(rechargeBanner!)!;
    const offerId = rechargeBanner!.rechargeOptions!.offerId;
    expect(href).toBe(`/recargas?recarga=${offerId}`);

    const visitor = site.visitor();
    const home = await visitor.get("/");
    const carousel = named(home.$, "Promociones destacadas");
    const link = carousel.find(`a[href="${href}"]`);
    expect(link.length).toBe(1);
    expect(text(link.find(".banner__title"))).toBe(rechargeBanner!.alt);

    const answer = await visitor.get(href);
    const dialog = openDialog(answer);
    expect(dialog.length).toBe(1);
    expect(dialog.find('input[name="offerId"]').attr("value")).toBe(offerId);
    const title = dialogName(answer);
    if (/^BAIT\d+$/.test(offerId)) expect(title).toBe(`Bait ${offerId.slice(4)}`);
    else expect(title).toMatch(/\S/);
    expect(text(dialog.find("h3.recharge-form__title"))).toBe("Datos de línea");
  });
});

describe("number first: the number asked on / and /recargas", () => {
  const QUESTION = "¿Qué número quieres recargar?";
  const numberField = (answer: Answer) => field(answer.$, QUESTION, answer.$("#ofertas"));
  /** The answer's heading (level 3) named exactly `name`. */
  const answerHeading = (answer: Answer, name: string) => {
    const heading = answer.$("#ofertas h3").filter((_, h) => text(answer.$(h)) === name);
    expect(heading.length, `heading «${name}»`).toBe(1);
    return heading;
  };
  /** The offers' links in the answer, by their accessible names ('Recargar: Bait 100, $100.00'). */
  const offerHrefs = (answer: Answer) =>
    answer
      .$("#ofertas a[aria-label]")
      .filter((_, a) => (answer.$(a).attr("aria-label") ?? "").startsWith("Recargar: "))
      .toArray()
      .map((a) => answer.$(a).attr("href"));

  /** The number typed and 'Ver recargas' pressed on `pathname`: the form's GET, as a browser sends it. */
  async function askFor(visitor: Visitor, pathname: string, number: string) {
    const page = await visitor.get(pathname);
    const form = page.$("#ofertas form");
    expect(form.attr("method")).toBe("get");
    expect(text(form.find('button[type="submit"]'))).toBe("Ver recargas");
    const name = numberField(page).attr("name")!;
    const answer = await visitor.get(`${form.attr("action")}?${new URLSearchParams({ [name]: number })}`);
    expect(answer.status).toBe(200);
    return answer;
  }

  function expectOffers(answer: Answer, number: string, offerIds: string[]) {
    const hrefs = offerHrefs(answer);
    expect(hrefs).toHaveLength(offerIds.length);
    for (const [index, id] of offerIds.entries()) expect(hrefs[index]).toMatch(new RegExp(`^/recargas\\?section=[a-z]+&recarga=${id}&numero=${number}$`));
  }

  /** What was typed stays, the reason is the field's description, the field takes the focus, and no offer shows. */
  function expectFieldError(answer: Answer, typed: string, message: string) {
    const control = numberField(answer);
    expect(control.attr("value") ?? "").toBe(typed);
    expect(control.attr("aria-invalid")).toBe("true");
    expect(description(answer.$, control)).toContain(message);
    expect(control.attr("autofocus")).toBeDefined();
    expect(offerHrefs(answer)).toEqual([]);
  }

  it.each(["/", "/recargas"])("%s asks the number in a GET form, described 'Número Bait o de servicio, 10 dígitos.'", async (pathname) => {
    const page = await site.visitor().get(pathname);
    expect(description(page.$, numberField(page))).toBe("Número Bait o de servicio, 10 dígitos.");
    expect(page.$("#ofertas form").attr("action")).toBe(pathname);
  });

  it("a mobile number on /: the mobile recharges (and the associates'), nothing for home or portable internet; the answer's heading takes the focus", async () => {
    const answer = await askFor(site.visitor(), "/", "55 1234 5678");
    const heading = answerHeading(answer, "Recargas de Telefonía Celular para (55) 12 34 56 78");
    expect(heading.attr("autofocus")).toBeDefined();
    expect(heading.attr("tabindex")).toBe("-1");
    expect(numberField(answer).attr("value")).toBe("5512345678");
    expectOffers(answer, ANA.number, ["BAIT50", "BAIT100", "BAIT150", "BAIT200", "BAIT250", "ASOC30", "ASOC60", "ASOC120", "ASOC180"]);
    expect(answer.$("#ofertas a").filter((_, a) => /Internet en Casa|Internet Portátil/.test(answer.$(a).attr("aria-label") ?? text(answer.$(a)))).length).toBe(0);
  });

  it("a home-internet service number on /recargas: the Internet en Casa recharges only", async () => {
    const answer = await askFor(site.visitor(), "/recargas", HBB_SERVICE);
    expect(answerHeading(answer, "Recargas de Internet en Casa para (55) 98 76 54 32").attr("autofocus")).toBeDefined();
    expectOffers(answer, HBB_SERVICE, ["HBB125", "HBB349", "HBB449", "HBB549"]);
    expect(numberField(answer).attr("value")).toBe(HBB_SERVICE);
  });

  it("a portable-internet service number on /: the Internet Portátil recharges only", async () => {
    const answer = await askFor(site.visitor(), "/", MIFI_SERVICE);
    answerHeading(answer, "Recargas de Internet Portátil para (55) 76 54 32 10");
    expectOffers(answer, MIFI_SERVICE, ["MIFI100", "MIFI200", "MIFI300", "MIFI500"]);
  });

  it("the answer /recargas?numero=… is never kept by a shared cache; /recargas is", async () => {
    const answer = await site.visitor().get(`/recargas?numero=${HBB_SERVICE}`);
    answerHeading(answer, "Recargas de Internet en Casa para (55) 98 76 54 32");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect((await site.visitor().get("/recargas")).headers.get("cache-control")).toMatch(/^public/);
  });

  it("a suspended home-internet service (hbb only when active) keeps the number, with the reason beside the field", async () => {
    expectFieldError(await askFor(site.visitor(), "/", SUSPENDED_HBB), SUSPENDED_HBB, ERROR.idle);
  });

  it("a number that is not Bait", async () => {
    expectFieldError(await askFor(site.visitor(), "/recargas", NOT_BAIT), NOT_BAIT, ERROR.notBait);
  });

  it("too few digits, and nothing typed", async () => {
    const visitor = site.visitor();
    expectFieldError(await askFor(visitor, "/recargas", "55123"), "55123", "El número debe tener 10 dígitos.");
    expectFieldError(await askFor(visitor, "/recargas", ""), "", "Escribe tu número Bait o tu número de servicio.");
  });

  it("then a good number shows its offers, the field no longer invalid", async () => {
    const visitor = site.visitor();
    const refused = await visitor.get(`/?numero=${NOT_BAIT}`);
    expect(numberField(refused).attr("aria-invalid")).toBe("true");
    const answer = await askFor(visitor, `/?numero=${NOT_BAIT}`, ANA.number);
    answerHeading(answer, "Recargas de Telefonía Celular para (55) 12 34 56 78");
    expect(numberField(answer).attr("aria-invalid")).toBeUndefined();
  });

  it("an offer's link opens its recharge modal with the number filled in (Bait 100 for 5512345678, Internet Portátil 200 for its service number)", async () => {
    const visitor = site.visitor();
    const mobile = await askFor(visitor, "/", ANA.number);
    const bait100 = await visitor.get(offerHrefs(mobile)[1]!);
    expect(dialogName(bait100)).toBe("Bait 100");
    expect(field(bait100.$, LABEL.phone, openDialog(bait100)).attr("value")).toBe(ANA.number);

    const mifi = await visitor.get(`/recargas?numero=${MIFI_SERVICE}`);
    const mifi200 = await visitor.get(offerHrefs(mifi)[1]!);
    expect(dialogName(mifi200)).toBe("Internet Portátil 200");
    expect(field(mifi200.$, LABEL.service, openDialog(mifi200)).attr("value")).toBe(MIFI_SERVICE);
  });
});
