import { describe, expect, it } from "vitest";
import { actionOf, description, dialogName, errorSummary, field, formValues, openDialog, row, text } from "./support/catalogue";
import { useSite, type Answer, type Visitor } from "./support/site";

/**
 * The SIM modal without JavaScript (docs/sim.md): `/cambiate-a-bait?chip=OFFERID` as the server
 * renders it, 'Buscar colonias' answered with the postal code's colonias (or the server's message),
 * and the refusals of 'Siguiente'. The browser part (the dialog as a modal, the lookup while typing,
 * axe, the 375 px layout, and the purchase up to /pago without JavaScript tagged @no-js) is in
 * tests/e2e/sim.spec.ts.
 */
const site = useSite();

const OFFER = { id: "SIM200", name: "Chip Bait con recarga de 150", price: "$200.00", shipping: "$49.00", total: "$249.00" };
const TITLE = "Compra tu chip Bait";
const FORM = `form#chip-${OFFER.id}`;
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
const NOT_FOUND_99999 = "No encontramos colonias para el código postal 99999";

const colonias = (answer: Answer) =>
  field(answer.$, LABEL.colony, openDialog(answer))
    .find("option")
    .toArray()
    .map((option) => text(answer.$(option)));

/** 'Buscar colonias' as the page names it. */
function searchButton(answer: Answer) {
  const button = openDialog(answer).find("button").filter((_, b) => text(answer.$(b)) === "Buscar colonias");
  expect(button.length).toBe(1);
  return button;
}

/**
 * Posts the modal's form as a browser without JavaScript does, each field typed by its label;
 * `lookup` presses 'Buscar colonias' (its formaction) instead of 'Siguiente'.
 */
async function send(visitor: Visitor, values: Record<string, string>, lookup = false) {
  const page = await visitor.get(`/cambiate-a-bait?chip=${OFFER.id}`);
  const dialog = openDialog(page);
  const typed = Object.fromEntries(Object.entries(values).map(([label, value]) => [field(page.$, label, dialog).attr("name")!, value]));
  if (!lookup) return visitor.post(actionOf(page.$, FORM), formValues(page.$, FORM, typed));
  const button = searchButton(page);
  const target = new URL(button.attr("formaction")!, site.base);
  return visitor.post(`${target.pathname}${target.search}`, formValues(page.$, FORM, typed, { name: button.attr("name")!, value: button.attr("value")! }));
}

describe("the SIM modal as the server renders it", () => {
  it("'Comprar chip' on a SIM card of /cambiate-a-bait leads to the modal: the offer, 'Envío a domicilio', the total and the delivery form; 'Cerrar' back", async () => {
    const visitor = site.visitor();
    const page = await visitor.get("/cambiate-a-bait");
    const href = page.$(`a[aria-label="Comprar chip: ${OFFER.name}, ${OFFER.price}"]`).attr("href")!;
    expect(new URL(href, site.base).searchParams.get("chip")).toBe(OFFER.id);

    const answer = await visitor.get(href);
    const dialog = openDialog(answer);
    expect(dialogName(answer)).toBe(TITLE);
    expect(dialog.find("h2, h3").filter((_, h) => text(answer.$(h)) === OFFER.name).length).toBe(1);
    expect(text(dialog)).toContain("Vigencia de 30 días");
    expect(dialog.find("li").filter((_, li) => text(answer.$(li)) === "Redes sociales ilimitadas").length).toBe(1);
    expect(row(answer.$, "Chip con recarga", dialog)).toBe(OFFER.price);
    expect(row(answer.$, "Envío a domicilio", dialog)).toBe(OFFER.shipping);
    expect(row(answer.$, "Total a pagar", dialog)).toBe(OFFER.total);

    for (const label of Object.values(LABEL)) expect(field(answer.$, label, dialog).length, `«${label}»`).toBe(1);
    expect(field(answer.$, LABEL.email, dialog).attr("type")).toBe("email");
    expect(field(answer.$, LABEL.phone, dialog).attr("type")).toBe("tel");
    const postalCode = field(answer.$, LABEL.postalCode, dialog);
    expect(postalCode.attr("inputmode")).toBe("numeric");
    expect(postalCode.attr("maxlength")).toBe("5");
    expect(postalCode.attr("autocomplete")).toBe("postal-code");
    const firstOption = field(answer.$, LABEL.colony, dialog).find("option").first();
    expect(firstOption.attr("value")).toBe("00");
    expect(searchButton(answer).attr("type")).toBe("submit");
    expect(text(dialog.find(`${FORM} button.button--primary`))).toBe("Siguiente");

    // 'Cerrar' drops ?chip and leaves the page.
    const close = dialog.find(".modal__close");
    expect(text(close)).toBe("Cerrar");
    expect(new URL(close.attr("href")!, site.base).pathname).toBe("/cambiate-a-bait");
    expect(new URL(close.attr("href")!, site.base).searchParams.has("chip")).toBe(false);
    expect((await visitor.get(close.attr("href")!)).$("dialog").length).toBe(0);
  });

  it("the raw HTML of /cambiate-a-bait?chip=SIM200 has <dialog open> with a posting form, never kept by a cache", async () => {
    const answer = await site.visitor().get(`/cambiate-a-bait?chip=${OFFER.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
    expect(answer.body).toMatch(/<dialog\b[^>]*\sopen(?:=""|\s|>)/);
    expect(answer.body).toContain(TITLE);
    expect(answer.body).toMatch(/<form\b[^>]*method="post"/);
  });

  it("an offer that is not a SIM says 'Este chip ya no está disponible…' and 'Ver chips' leads back to /cambiate-a-bait", async () => {
    const answer = await site.visitor().get("/cambiate-a-bait?chip=BAIT100");
    const dialog = openDialog(answer);
    expect(dialog.find("*").filter((_, e) => text(answer.$(e)) === "Este chip ya no está disponible. Elige otro de nuestros chips.").length).toBeGreaterThan(0);
    const back = dialog.find("a").filter((_, a) => text(answer.$(a)) === "Ver chips");
    const url = new URL(back.attr("href")!, site.base);
    expect(url.pathname).toBe("/cambiate-a-bait");
    expect(url.searchParams.has("chip")).toBe(false);
  });
});

describe("'Buscar colonias'", () => {
  it("06600 lists the colonias Juárez and Roma Norte, in Cuauhtémoc, Ciudad de México, keeping what was typed and judging nothing else", async () => {
    const answer = await send(site.visitor(), { [LABEL.name]: "Ana", [LABEL.postalCode]: "06600" }, true);
    expect(answer.status).toBe(200);
    const dialog = openDialog(answer);
    expect(colonias(answer)).toEqual(["Selecciona tu colonia", "Juárez", "Roma Norte"]);
    expect(row(answer.$, "Estado", dialog)).toBe("Ciudad de México");
    expect(row(answer.$, "Municipio", dialog)).toBe("Cuauhtémoc");
    expect(row(answer.$, "País", dialog)).toBe("México");
    expect(dialog.find('[role="status"]').filter((_, s) => text(answer.$(s)).includes("Encontramos 2 colonias")).length).toBe(1);
    expect(errorSummary(answer.$, dialog)).toEqual([]);
    expect(field(answer.$, LABEL.name, dialog).attr("value")).toBe("Ana");
    expect(field(answer.$, LABEL.postalCode, dialog).attr("value")).toBe("06600");
    expect(actionOf(answer.$, FORM)).toBe(`/cambiate-a-bait?chip=${OFFER.id}`);
  });

  it("99999 shows the server's message beside the postal code, and the field is cleared", async () => {
    const answer = await send(site.visitor(), { [LABEL.postalCode]: "99999" }, true);
    const dialog = openDialog(answer);
    const postalCode = field(answer.$, LABEL.postalCode, dialog);
    expect(description(answer.$, postalCode)).toContain(NOT_FOUND_99999);
    expect(dialog.find(".field__error").filter((_, e) => text(answer.$(e)).includes(NOT_FOUND_99999)).length).toBe(1);
    expect(postalCode.attr("aria-invalid")).toBe("true");
    expect(postalCode.attr("value") ?? "").toBe("");
    expect(colonias(answer)).toEqual(["Selecciona tu colonia"]);
  });
});

describe("'Siguiente'", () => {
  it("empty: 'Campo requerido' and 'Selecciona tu colonia', listed under 'Revisa los siguientes datos:'", async () => {
    const answer = await send(site.visitor(), {});
    const dialog = openDialog(answer);
    expect(errorSummary(answer.$, dialog)).toEqual([
      `${LABEL.name}: Campo requerido`,
      `${LABEL.lastName}: Campo requerido`,
      `${LABEL.email}: Campo requerido`,
      `${LABEL.phone}: Campo requerido`,
      `${LABEL.postalCode}: Campo requerido`,
      `${LABEL.colony}: Selecciona tu colonia`,
      `${LABEL.street}: Campo requerido`,
      `${LABEL.exterior}: Campo requerido`,
    ]);
    expect(description(answer.$, field(answer.$, LABEL.colony, dialog))).toContain("Selecciona tu colonia");
    expect(field(answer.$, LABEL.interior, dialog).attr("aria-invalid")).toBeUndefined();
    expect(actionOf(answer.$, FORM)).toBe(`/cambiate-a-bait?chip=${OFFER.id}`);
  });
});
