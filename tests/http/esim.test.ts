import { describe, expect, it } from "vitest";
import { DEVICES, LABEL, OFFER } from "../e2e/esim/support";
import { actionOf, description, dialogName, errorSummary, field, formValues, hasField, named, openDialog, text } from "./support/catalogue";
import { useSite, type Answer, type Visitor } from "./support/site";

/**
 * The eSIM without JavaScript (docs/esim.md): the modal `?oferta=` over /e-sim, /cambiate-a-bait and
 * /recargas as the server renders it, the form's refusals with their Spanish messages, the device
 * check that 'Revisar compatibilidad' posts, the per-e-mail limit, and /compatibilidad's GET form.
 * The browser part (the dialog as a modal, Escape, the digits-only fields, the check while typing,
 * axe, and the purchase without JavaScript tagged @no-js) is in tests/e2e/esim/.
 */
const site = useSite();

const FORM = `form#esim-${OFFER.id}`;
const modalAt = (answer: Answer) => openDialog(answer);
const link = (answer: Answer, name: string, scope: NonNullable<Parameters<typeof field>[2]> = answer.$("body")) => scope.find("a").filter((_, a) => text(answer.$(a)) === name);
const errors = (answer: Answer) => modalAt(answer).find(".field__error").toArray().map((element) => text(answer.$(element)));
const deviceCheck = (answer: Answer) => modalAt(answer).find(".device-check");

/**
 * Opens the modal at `path` and posts its form as a browser without JavaScript does, each field typed
 * by its label; `button` is the submit button pressed by its name and value ('Revisar compatibilidad').
 */
async function send(visitor: Visitor, values: Record<string, string>, options: { path?: string; button?: { name: string; value: string } } = {}) {
  const page = await visitor.get(options.path ?? `/e-sim?oferta=${OFFER.id}`);
  const dialog = modalAt(page);
  const typed = Object.fromEntries(Object.entries(values).map(([label, value]) => [field(page.$, label, dialog).attr("name")!, value]));
  if (values[LABEL.isBait] !== undefined) typed[field(page.$, LABEL.isBait, dialog).attr("name")!] = "on";
  return visitor.post(actionOf(page.$, FORM), formValues(page.$, FORM, typed, options.button));
}

/** 'Revisar compatibilidad' as the page names it. */
async function checkButton(visitor: Visitor) {
  const page = await visitor.get(`/e-sim?oferta=${OFFER.id}`);
  const button = modalAt(page).find("button").filter((_, b) => text(page.$(b)) === "Revisar compatibilidad");
  expect(button.length).toBe(1);
  return { name: button.attr("name")!, value: button.attr("value")! };
}

describe("the eSIM modal as the server renders it", () => {
  it.each([
    ["/e-sim", `/e-sim?oferta=${OFFER.id}`],
    ["/cambiate-a-bait?section=e-sim", `/cambiate-a-bait?section=e-sim&oferta=${OFFER.id}`],
    ["/recargas?section=e-sim", `/recargas?section=e-sim&oferta=${OFFER.id}`],
  ])("an eSIM card of %s links to %s, the modal open over the same page", async (path, href) => {
    const visitor = site.visitor();
    const page = await visitor.get(path);
    expect(page.$(`a[href="${href}"]`).length).toBeGreaterThan(0);
    const answer = await visitor.get(href);
    expect(answer.status).toBe(200);
    expect(dialogName(answer)).toBe("E-SIM");
    expect(modalAt(answer).find("h2, h3").filter((_, h) => text(answer.$(h)) === OFFER.name).length).toBe(1);
    expect(text(modalAt(answer))).toContain(OFFER.total);
  });

  it("the modal shows the total, what it includes, the fair-use and physical-SIM links, the replacement note and 'Soy usuario Bait'", async () => {
    const answer = await site.visitor().get(`/e-sim?oferta=${OFFER.id}`);
    const dialog = modalAt(answer);
    expect(text(dialog)).toContain("Total a pagar");
    expect(text(dialog)).toContain("Vigencia de 15 días");
    expect(text(dialog)).toMatch(/la E-SIM de reemplazo no incluye los beneficios del paquete/);
    expect(link(answer, "Consulta la Política de uso justo", dialog).attr("href")).toBe("/politica-de-uso-justo");
    expect(link(answer, "¿Tu equipo no acepta E-SIM? Compra una SIM física", dialog).attr("href")).toBe("/cambiate-a-bait?section=sim");
    expect(field(answer.$, LABEL.isBait, dialog).attr("type")).toBe("checkbox");
    expect(field(answer.$, LABEL.phone, dialog).attr("inputmode")).toBe("numeric");
    expect(field(answer.$, LABEL.phone, dialog).attr("maxlength")).toBe("10");
    expect(field(answer.$, LABEL.imei, dialog).attr("inputmode")).toBe("numeric");
    expect(field(answer.$, LABEL.imei, dialog).attr("maxlength")).toBe("17");
    expect(field(answer.$, LABEL.email, dialog).attr("type")).toBe("email");
  });

  it("in the portability flow 'Soy usuario Bait' is not asked", async () => {
    const answer = await site.visitor().get(`/e-sim?flujo=portabilidad&oferta=${OFFER.id}`);
    expect(hasField(answer.$, LABEL.phone, modalAt(answer))).toBe(true);
    expect(hasField(answer.$, LABEL.isBait, modalAt(answer))).toBe(false);
  });

  it("/e-sim leads to the portability flow: '¿Quieres conservar tu número?' links 'Cámbiate con tu E-SIM' to the modal with flujo=portabilidad", async () => {
    const visitor = site.visitor();
    const page = await visitor.get("/e-sim");
    expect(page.$("h2, h3").filter((_, h) => text(page.$(h)) === "¿Quieres conservar tu número?").length).toBe(1);
    const href = link(page, "Cámbiate con tu E-SIM").attr("href")!;
    const url = new URL(href, site.base);
    expect(url.pathname).toBe("/e-sim");
    expect(url.searchParams.get("flujo")).toBe("portabilidad");
    expect(url.searchParams.has("oferta")).toBe(true);
    const answer = await visitor.get(href);
    expect(text(modalAt(answer))).toMatch(/conserva tu número: compras una línea nueva con la portabilidad/);
    expect(hasField(answer.$, LABEL.phone, modalAt(answer))).toBe(true);
    expect(hasField(answer.$, LABEL.isBait, modalAt(answer))).toBe(false);
  });

  it("an unknown offer answers the catalogue's message, never a blank modal; 'Ver E-SIM' leads back to /e-sim", async () => {
    const answer = await site.visitor().get("/e-sim?oferta=NOEXISTE");
    expect(text(modalAt(answer).find('[role="alert"]'))).toBe("Esta E-SIM ya no está disponible. Elige otra de nuestras E-SIM.");
    expect(link(answer, "Ver E-SIM", modalAt(answer)).attr("href")).toBe("/e-sim");
  });

  it("the close link drops ?oferta and keeps the page's section", async () => {
    const visitor = site.visitor();
    const answer = await visitor.get(`/recargas?section=e-sim&oferta=${OFFER.id}`);
    const close = modalAt(answer).find(".modal__close");
    expect(text(close)).toBe("Cerrar");
    const url = new URL(close.attr("href")!, site.base);
    expect(url.pathname).toBe("/recargas");
    expect(url.searchParams.get("section")).toBe("e-sim");
    expect(url.searchParams.has("oferta")).toBe(false);
    expect((await visitor.get(close.attr("href")!)).$("dialog").length).toBe(0);
  });

  it("/cambiate-a-bait?section=sim shows the SIM offers and leaves the eSIM ones out", async () => {
    const headings = (answer: Answer) => answer.$("h2, h3").toArray().map((h) => text(answer.$(h)));
    const sim = await site.visitor().get("/cambiate-a-bait?section=sim");
    expect(headings(sim)).toContain("Chip Bait con recarga incluida");
    expect(headings(sim)).not.toContain("E-SIM con recarga incluida");
    expect(headings(await site.visitor().get("/cambiate-a-bait"))).toContain("E-SIM con recarga incluida");
  });
});

describe("the form, checked by the server", () => {
  it("an empty 'Pagar' lists the spec's messages: 'Número de teléfono inválido', 'Correo inválido', 'El IMEI es obligatorio'", async () => {
    const answer = await send(site.visitor(), {});
    expect(answer.status).toBe(400);
    expect(errors(answer)).toEqual(["Número de teléfono inválido", "Correo inválido", "El correo electrónico no coincide.", "El IMEI es obligatorio"]);
    expect(errorSummary(answer.$, modalAt(answer))).toEqual([
      `${LABEL.phone}: Número de teléfono inválido`,
      `${LABEL.email}: Correo inválido`,
      `${LABEL.emailConfirm}: El correo electrónico no coincide.`,
      `${LABEL.imei}: El IMEI es obligatorio`,
    ]);
  });

  it("different e-mails say 'El correo electrónico no coincide.' and a short IMEI 'El formato del IMEI es inválido', keeping what was typed", async () => {
    const answer = await send(site.visitor(), { [LABEL.phone]: "5512345678", [LABEL.email]: "ana@example.com", [LABEL.emailConfirm]: "ana@ejemplo.com", [LABEL.imei]: "12345" });
    expect(description(answer.$, field(answer.$, LABEL.emailConfirm, modalAt(answer))) + errors(answer).join(" ")).toContain("El correo electrónico no coincide.");
    expect(errors(answer)).toContain("El formato del IMEI es inválido");
    expect(field(answer.$, LABEL.email, modalAt(answer)).attr("value")).toBe("ana@example.com");
    expect(field(answer.$, LABEL.emailConfirm, modalAt(answer)).attr("value")).toBe("ana@ejemplo.com");
  });
});

describe("the device check ('Revisar compatibilidad')", () => {
  it.each(Object.entries(DEVICES))("%s: the IMEI's answer, the rest of the form neither judged nor lost", async (kind, device) => {
    const visitor = site.visitor();
    const answer = await send(visitor, { [LABEL.email]: "ana@example.com", [LABEL.imei]: device.imei }, { button: await checkButton(visitor) });
    expect(answer.status).toBe(200);
    expect(text(deviceCheck(answer))).toContain(device.text);
    expect(deviceCheck(answer).attr("class")).toMatch(new RegExp(`device-check--${kind === "esim" ? "success" : kind === "vozapp" ? "warning" : "error"}`));
    expect(field(answer.$, LABEL.email, modalAt(answer)).attr("value")).toBe("ana@example.com");
    expect(field(answer.$, LABEL.imei, modalAt(answer)).attr("value")).toBe(device.imei);
    expect(errors(answer)).toEqual([]);
    if (kind === "networkOnly") expect(link(answer, "Comprar una SIM física", deviceCheck(answer)).attr("href")).toBe("/cambiate-a-bait?section=sim");
  });

  it("'Pagar' with a device that takes no eSIM is refused with its message, the modal still open on /e-sim", async () => {
    const answer = await send(site.visitor(), { [LABEL.phone]: "5512345678", [LABEL.email]: "ana@example.com", [LABEL.emailConfirm]: "ana@example.com", [LABEL.imei]: DEVICES.incompatible.imei });
    expect(answer.status).toBe(422);
    expect(answer.location).toBeNull();
    expect(text(deviceCheck(answer))).toContain(DEVICES.incompatible.text);
    expect(errorSummary(answer.$, modalAt(answer))).toEqual([`${LABEL.imei}: Para pagar, revisa primero que tu equipo sea compatible con E-SIM.`]);
    expect(actionOf(answer.$, FORM).split("?")[0]).toBe("/e-sim");
  });
});

describe("the purchase limit", () => {
  it("limite@example.com: 'Lo sentimos, has excedido el número de compras de ESIM por usuario.', the modal closed and the form reset", async () => {
    const visitor = site.visitor();
    const answer = await send(visitor, { [LABEL.phone]: "5512345678", [LABEL.email]: "limite@example.com", [LABEL.emailConfirm]: "limite@example.com", [LABEL.imei]: DEVICES.esim.imei });
    expect(answer.status).toBe(303);
    const page = await visitor.follow(answer.location!);
    expect(new URL(page.url, site.base).pathname).toBe("/e-sim");
    expect(new URL(page.url, site.base).searchParams.has("oferta")).toBe(false);
    expect(page.$("dialog").length).toBe(0);
    expect(text(page.$('[role="alert"]').filter((_, a) => text(page.$(a)).startsWith("Lo sentimos")))).toBe("Lo sentimos, has excedido el número de compras de ESIM por usuario.");
    // Opened again, the form starts empty of what was refused.
    const again = await visitor.get(`/e-sim?oferta=${OFFER.id}`);
    expect(field(again.$, LABEL.email, modalAt(again)).attr("value") ?? "").not.toBe("limite@example.com");
  });
});

describe("/compatibilidad", () => {
  /** The region 'Revisa tu equipo', where the form and its answer are. */
  const tool = (answer: Answer) => {
    const region = named(answer.$, "Revisa tu equipo", "section");
    expect(region.length).toBe(1);
    return region;
  };
  const imeiField = (answer: Answer) => field(answer.$, "IMEI de tu equipo", tool(answer));

  /** The IMEI typed and 'Revisar mi equipo' pressed: the form's GET. */
  async function check(imei: string) {
    const visitor = site.visitor();
    const page = await visitor.get("/compatibilidad");
    const form = tool(page).find("form");
    expect(form.attr("method")).toBe("get");
    expect(text(form.find('button[type="submit"]'))).toBe("Revisar mi equipo");
    const answer = await visitor.get(`${form.attr("action")}?${new URLSearchParams({ [imeiField(page).attr("name")!]: imei })}`);
    expect(answer.status).toBe(200);
    return answer;
  }

  it.each(Object.entries(DEVICES))("%s: the IMEI's answer, its link, and the field keeps the IMEI", async (kind, device) => {
    const answer = await check(device.imei);
    const region = tool(answer);
    expect(region.find("h2, h3").filter((_, h) => text(answer.$(h)) === `Resultado para el IMEI ${device.imei}`).length).toBe(1);
    expect(region.find("*").filter((_, p) => text(answer.$(p)) === device.text).length).toBeGreaterThan(0);
    if (kind === "esim") expect(link(answer, "Comprar E-SIM", region).attr("href")).toBe("/e-sim");
    if (kind === "networkOnly") expect(link(answer, "Comprar chip con envío a domicilio", region).attr("href")).toBe("/cambiate-a-bait?section=sim");
    expect(imeiField(answer).attr("value")).toBe(device.imei);
  });

  it("a short IMEI says 'El formato del IMEI es inválido' and an empty one 'El IMEI es obligatorio'", async () => {
    const short = await check("12345");
    expect(description(short.$, imeiField(short))).toContain("El formato del IMEI es inválido");
    const empty = await check("");
    expect(description(empty.$, imeiField(empty))).toContain("El IMEI es obligatorio");
  });

  it("the page explains how to find the IMEI (*#06#)", async () => {
    const page = await site.visitor().get("/compatibilidad");
    expect(page.$("h2, h3").filter((_, h) => text(page.$(h)) === "Marca *#06#").length).toBe(1);
    expect(text(tool(page))).toMatch(/Marca \*#06# en tu celular para verlo/);
  });
});
