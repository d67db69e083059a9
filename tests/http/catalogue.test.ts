import { describe, expect, it } from "vitest";
import { catalogueCategories } from "../e2e/support/config";
import { named, text } from "./support/catalogue";
import { useSite, type Answer, type Visitor } from "./support/site";

/**
 * The offer catalogue of /recargas and the destinations of /paquetes-bait-internacionales without
 * JavaScript: the tabs are links (`?section=`), each answered with its category's offers; the
 * destinations search is a GET form (`?destino=`). The browser part (the tabs' layout at 375 and
 * 1280 px, the search within the page, axe) is in tests/e2e/catalogue.spec.ts and
 * tests/e2e/blocks-on-demand.spec.ts.
 */
const site = useSite();
const categories = catalogueCategories("/recargas");

const tabs = (answer: Answer) => named(answer.$, "Categorías de recarga", "nav").find("a");
const tab = (answer: Answer, name: string) => tabs(answer).filter((_, a) => text(answer.$(a)) === name);
const card = (answer: Answer, name: string) => answer.$("#catalogo li.offer").filter((_, li) => text(answer.$(li).find("h4")) === name);
const cardNames = (answer: Answer) => answer.$("#catalogo li.offer h4").toArray().map((h) => text(answer.$(h)));
const current = (answer: Answer) => tabs(answer).filter((_, a) => answer.$(a).attr("aria-current") === "page").toArray().map((a) => text(answer.$(a)));

describe("the recharge catalogue of /recargas", () => {
  it("shows one tab per category, 'Recargas' selected, with the Bait 50 … Bait 250 cards and their prices", async () => {
    const answer = await site.visitor().get("/recargas");
    expect(answer.$("#catalogo h2").filter((_, h) => text(answer.$(h)) === "Elige tu recarga").length).toBe(1);
    expect(tabs(answer).toArray().map((a) => text(answer.$(a)))).toEqual(categories.map((category) => category.label));
    expect(tabs(answer).toArray().map((a) => answer.$(a).attr("href"))).toEqual(categories.map(({ id }) => `/recargas?section=${id}`));
    expect(current(answer)).toEqual(["Recargas"]);

    const names = ["Bait 50", "Bait 100", "Bait 150", "Bait 200", "Bait 250"];
    expect(cardNames(answer)).toEqual(names);
    for (const name of names) expect(text(card(answer, name).find(".offer__price")), `price of ${name}`).toBe(`Precio: $${name.replace("Bait ", "")}.00`);
    const recharge = card(answer, "Bait 50").find("a");
    expect(recharge.attr("aria-label")).toBe("Recargar: Bait 50, $50.00");
    expect(recharge.attr("href")).toBe("/recargas?section=traditionals&recarga=BAIT50");
  });

  it("?section=hbb selects 'Internet en Casa' and shows only its offers, linked to their recharge modal on that tab", async () => {
    const answer = await site.visitor().get("/recargas?section=hbb");
    expect(current(answer)).toEqual(["Internet en Casa"]);
    expect(answer.$("#catalogo h3").filter((_, h) => text(answer.$(h)) === "Internet en Casa").length).toBe(1);
    expect(text(card(answer, "Internet en Casa 349").find(".offer__price"))).toBe("Precio: $349.00");
    expect(card(answer, "Bait 50").length).toBe(0);
    expect(card(answer, "Internet en Casa 349").find("a").attr("href")).toBe("/recargas?section=hbb&recarga=HBB349");
  });

  it("an unknown section falls back to the first tab; ?recarga= selects the tab of its offer", async () => {
    expect(current(await site.visitor().get("/recargas?section=planes"))).toEqual(["Recargas"]);
    const answer = await site.visitor().get("/recargas?recarga=MIFI200");
    expect(answer.body).toMatch(/<a[^>]*aria-current="page"[^>]*>Internet Portátil<\/a>/);
  });

  it("a tab's link answers its offers: 'Internet Portátil', then 'Paquetes'", async () => {
    const visitor = site.visitor();
    const start = await visitor.get("/recargas");
    const mifi = await visitor.get(tab(start, "Internet Portátil").attr("href")!);
    expect(tab(start, "Internet Portátil").attr("href")).toBe("/recargas?section=mifi");
    expect(current(mifi)).toEqual(["Internet Portátil"]);
    expect(card(mifi, "Internet Portátil 100").length).toBe(1);
    expect(card(mifi, "Bait 50").length).toBe(0);

    expect(tab(mifi, "Paquetes").attr("href")).toBe("/recargas?section=packages");
    const packages = await visitor.get(tab(mifi, "Paquetes").attr("href")!);
    expect(current(packages)).toEqual(["Paquetes"]);
    const buy = card(packages, "Bait Trimestral").find("a");
    expect(buy.attr("aria-label")).toMatch(/^Comprar: Bait Trimestral/);
    expect(buy.attr("href")).toBe("/recargas?section=packages&recarga=PAQ3M");
  });

  it("SIM cards lead to their modal at /cambiate-a-bait?chip= and eSIM cards to the eSIM modal over the tab, ?section=e-sim&oferta=", async () => {
    const sim = await site.visitor().get("/recargas?section=sim");
    expect(sim.$("#catalogo .offer a").first().attr("href")).toMatch(/^\/cambiate-a-bait\?chip=SIM\d+$/);
    const esim = await site.visitor().get("/recargas?section=e-sim");
    expect(esim.$("#catalogo .offer a").first().attr("href")).toMatch(/^\/recargas\?section=e-sim&oferta=ESIM\d+$/);
  });
});

describe("the destinations of /paquetes-bait-internacionales", () => {
  const destinations = (answer: Answer) => answer.$("#destinos");
  const destination = (answer: Answer, name: string) => destinations(answer).find("li.destination").filter((_, li) => text(answer.$(li).find(".destination__name")) === name);
  const found = (answer: Answer) => destinations(answer).find(".destination__name").toArray().map((n) => text(answer.$(n)));
  const offer = (answer: Answer, place: string, name: string) => destination(answer, place).first().find("a").filter((_, a) => text(answer.$(a)) === name);

  /** The search typed and 'Buscar' pressed: the form's GET, as a browser sends it. */
  async function search(visitor: Visitor, from: string, query: string) {
    const page = await visitor.get(from);
    const form = destinations(page).find("form");
    expect(form.attr("method")).toBe("get");
    expect(text(form.find('button[type="submit"]'))).toBe("Buscar");
    const input = form.find("input").filter((_, i) => page.$(i).attr("id") === form.find("label").filter((__, l) => text(page.$(l)) === "Busca tu destino").attr("for"));
    expect(input.attr("type")).toBe("search");
    // The search is the form's only field: ?section= and the rest of the query do not come along.
    expect(form.find("[name]").length).toBe(1);
    const action = new URL(form.attr("action")!, site.base);
    return visitor.get(`${action.pathname}?${new URLSearchParams({ [input.attr("name")!]: query })}`);
  }

  it("lists where the packages work, inside and outside Mexico, each with the offers that cover it", async () => {
    const answer = await site.visitor().get("/paquetes-bait-internacionales");
    const headings = destinations(answer).find("h3").toArray().map((h) => text(answer.$(h)));
    expect(headings).toEqual(expect.arrayContaining(["Llama desde México a", "Usa tu línea Bait en"]));
    expect(offer(answer, "Japón", "Bait Mundo 500").attr("href")).toBe("/recargas?section=internationals&recarga=INTMUNDO500");
    expect(destinations(answer).find('input[type="search"]').attr("placeholder")).toBe("Ej. Colombia");
  });

  it("searching «colombia» finds Colombia with «Bait Latinoamérica 300»", async () => {
    const answer = await search(site.visitor(), "/paquetes-bait-internacionales", "colombia");
    expect(destinations(answer).find("h3, p").filter((_, h) => text(answer.$(h)) === "Resultados para «colombia»").length).toBe(1);
    expect(found(answer)).toEqual(["Colombia", "Colombia"]);
    expect(offer(answer, "Colombia", "Bait Latinoamérica 300").attr("href")).toBe("/recargas?section=internationals&recarga=INTLATAM300");
    expect(destination(answer, "Japón").length).toBe(0);
  });

  it("searching «canada» finds Canadá (accents and case do not matter)", async () => {
    const answer = await search(site.visitor(), "/paquetes-bait-internacionales", "canada");
    expect(destinations(answer).find("h3, p").filter((_, h) => text(answer.$(h)) === "Resultados para «canada»").length).toBe(1);
    expect(found(answer)).toEqual(["Canadá", "Canadá"]);
    expect(found(await site.visitor().get("/paquetes-bait-internacionales?destino=ESPA%C3%91A"))).toEqual(["España", "España"]);
  });

  it("a destination that is not listed shows the no-match message and a link back to every destination", async () => {
    const visitor = site.visitor();
    const answer = await search(visitor, "/paquetes-bait-internacionales?section=internationals", "xyz");
    expect(text(destinations(answer).find(".destinations__none"))).toBe("No encontramos «xyz». Revisa cómo lo escribiste o llama al 800 123 2248 para confirmar tu destino.");
    expect(destinations(answer).find(".destination").length).toBe(0);

    const back = destinations(answer).find("a").filter((_, a) => text(answer.$(a)) === "Ver todos los destinos");
    const url = new URL(back.attr("href")!, site.base);
    expect(`${url.pathname}${url.search}`).toBe("/paquetes-bait-internacionales");
    const all = await visitor.get(back.attr("href")!);
    expect(destination(all, "Japón").length).toBe(1);
    expect(destinations(all).find('input[type="search"]').attr("value") ?? "").toBe("");
  });
});
