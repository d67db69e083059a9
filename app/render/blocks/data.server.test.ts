import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OfferCategory } from "#schemas/config";
import { mockServer } from "../../../mocks/node";
import { resetWorld } from "../../../mocks/world";
import { selectCategory } from "./catalogue/block.server";
import { resolveBlocks } from "./data.server";
import type { Block, BlockData, BlockOf } from "./types";
import { offerHref, rechargeHref } from "~/features/recharge/urls";

beforeAll(() => mockServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(() => resetWorld());

const offers = [
  { offerId: "BAIT50", category: "traditionals" as const },
  { offerId: "HBB349", category: "hbb" as const },
  { offerId: "MIFI100", category: "mifi" as const },
];
const tabs: OfferCategory[] = ["traditionals", "packages", "hbb"];
const select = (query: string, categories = tabs) => selectCategory(categories, new URLSearchParams(query), offers);

describe("the catalogue's selected tab", () => {
  it("is the section of the URL when it is one of the tabs", () => {
    expect(select("section=hbb")).toBe("hbb");
    expect(select("section=packages&recarga=HBB349")).toBe("packages");
  });

  it("else the category of the offer whose recharge modal is open", () => {
    expect(select("recarga=HBB349")).toBe("hbb");
    expect(select("section=paquetes&recarga=HBB349")).toBe("hbb");
  });

  it("else the first tab: no parameters, an unknown section, a section or an offer of a category that is not a tab, an unknown offer", () => {
    expect(select("")).toBe("traditionals");
    expect(select("section=paquetes")).toBe("traditionals");
    expect(select("section=mifi")).toBe("traditionals");
    expect(select("recarga=MIFI100")).toBe("traditionals");
    expect(select("recarga=NOEXISTE")).toBe("traditionals");
    expect(select("", ["packages", "hbb"])).toBe("packages");
  });
});

describe("offer links", () => {
  it("lead a recharge to its modal on the tab of its category", () => {
    expect(offerHref({ offerId: "HBB349", category: "hbb" })).toBe("/recargas?section=hbb&recarga=HBB349");
    expect(offerHref({ offerId: "BAIT50", category: "traditionals" })).toBe("/recargas?section=traditionals&recarga=BAIT50");
  });

  it("lead a SIM to its purchase modal on /cambiate-a-bait and an eSIM to its modal on /e-sim", () => {
    expect(offerHref({ offerId: "SIM150", category: "sim" })).toBe("/cambiate-a-bait?chip=SIM150");
    expect(offerHref({ offerId: "ESIM100", category: "e-sim" })).toBe("/e-sim?oferta=ESIM100");
  });

  it("follow a block's actionHref when it has one", () => {
    expect(offerHref({ offerId: "SIM150", category: "sim" }, "/cambiate-a-bait?chip={offerId}")).toBe("/cambiate-a-bait?chip=SIM150");
  });

  it("keep the banners' plain recharge URL", () => {
    expect(rechargeHref("BAIT100")).toBe("/recargas?recarga=BAIT100");
  });
});

async function load<T extends "catalogue" | "destinations">(block: BlockOf<T>, url: string): Promise<BlockData<T>> {
  const [resolved] = await resolveBlocks([block as Block], new Request(url));
  return resolved!.data as BlockData<T>;
}

const catalogue: BlockOf<"catalogue"> = { type: "catalogue", categories: ["traditionals", "packages", "internationals", "hbb", "mifi", "business", "associates", "sim", "e-sim"] };

describe("the catalogue block's data", () => {
  it("gives one tab per category, linked on the current path, and only the first category's offers by default", async () => {
    const data = await load<"catalogue">(catalogue, "http://localhost/recargas");
    expect(data.selected).toBe("traditionals");
    expect(data.tabs.map((tab) => tab.href)).toEqual(catalogue.categories.map((id) => `/recargas?section=${id}`));
    expect(data.tabs[3]).toMatchObject({ id: "hbb", label: "Internet en Casa" });
    expect(data.tabs[3]!.description).not.toBe("");
    expect(data.error).toBeNull();
    expect(data.offers.map((offer) => offer.offerId)).toEqual(["BAIT50", "BAIT100", "BAIT150", "BAIT200", "BAIT250"]);
    expect(data.offers[0]).toMatchObject({ price: "$50.00", href: "/recargas?section=traditionals&recarga=BAIT50" });
    expect(data.offers[0]!.validity).toMatch(/^Vigencia de \d+ días?$/);
  });

  it("selects the section of the URL and links the tabs on the page it is shown on", async () => {
    const data = await load<"catalogue">(catalogue, "http://localhost/otra-pagina?section=hbb&utm_source=x");
    expect(data.selected).toBe("hbb");
    expect(data.tabs[0]!.href).toBe("/otra-pagina?section=traditionals");
    expect(data.offers.map((offer) => offer.offerId)).toContain("HBB349");
    expect(data.offers.every((offer) => offer.category === "hbb")).toBe(true);
    expect(data.offers.find((offer) => offer.offerId === "HBB349")).toMatchObject({ rechargeName: "Internet en Casa 349", price: "$349.00", href: "/recargas?section=hbb&recarga=HBB349" });
  });

  it("selects the tab of the offer in ?recarga= when there is no section", async () => {
    expect((await load<"catalogue">(catalogue, "http://localhost/recargas?recarga=MIFI200")).selected).toBe("mifi");
  });

  it("gives the error message and no offers when the upstream fails", async () => {
    mockServer.use(http.all(/.*/, () => HttpResponse.json({ message: "caído" }, { status: 500 })));
    const data = await load<"catalogue">(catalogue, "http://localhost/recargas");
    expect(data.offers).toEqual([]);
    expect(data.error).toBeTruthy();
    expect(data.tabs).toHaveLength(9);
  });
});

const destinations: BlockOf<"destinations"> = { type: "destinations" };
const names = (data: BlockData<"destinations">) => Object.fromEntries(data.lists.map((list) => [list.id, list.destinations.map((entry) => entry.name)]));

describe("the destinations block's data", () => {
  it("lists every destination of both lists with the offers that cover them, linked to their recharge modal", async () => {
    const data = await load<"destinations">(destinations, "http://localhost/paquetes-bait-internacionales");
    expect(data.query).toBe("");
    expect(names(data).insideMexico).toContain("Canadá");
    expect(names(data).outsideMexico).toContain("Japón");
    const colombia = data.lists[0]!.destinations.find((entry) => entry.id === "colombia");
    expect(colombia?.offers).toEqual([
      { offerId: "INTLATAM300", name: "Bait Latinoamérica 300", href: "/recargas?section=internationals&recarga=INTLATAM300" },
      { offerId: "INTMUNDO500", name: "Bait Mundo 500", href: "/recargas?section=internationals&recarga=INTMUNDO500" },
    ]);
  });

  it("filters both lists by ?destino=, ignoring case and accents", async () => {
    expect(names(await load<"destinations">(destinations, "http://localhost/p?destino=colombia"))).toEqual({ insideMexico: ["Colombia"], outsideMexico: ["Colombia"] });
    expect(names(await load<"destinations">(destinations, "http://localhost/p?destino=canada"))).toEqual({ insideMexico: ["Canadá"], outsideMexico: ["Canadá"] });
    expect(names(await load<"destinations">(destinations, "http://localhost/p?destino=%20ESPANA%20"))).toEqual({ insideMexico: ["España"], outsideMexico: ["España"] });
    const none = await load<"destinations">(destinations, "http://localhost/p?destino=xyz");
    expect(none.query).toBe("xyz");
    expect(names(none)).toEqual({ insideMexico: [], outsideMexico: [] });
  });

  it("still lists the destinations with marketing's offer names when the upstream fails", async () => {
    mockServer.use(http.all(/.*/, () => HttpResponse.json({ message: "caído" }, { status: 500 })));
    const data = await load<"destinations">(destinations, "http://localhost/p?destino=colombia");
    expect(data.lists[0]!.destinations[0]!.offers.map((offer) => offer.offerId)).toEqual(["INTLATAM300", "INTMUNDO500"]);
  });
});

describe("dates and phones, formatted on the server", () => {
  it("gives a legal block its update date as read", async () => {
    const [resolved] = await resolveBlocks([{ type: "legal", updated: "2021-10-31", sections: [{ title: "Cookies", content: [{ p: "Usamos cookies." }] }] }], new Request("http://localhost/"));
    expect(resolved!.data).toEqual({ updated: "31 de octubre de 2021" });
  });

  it("gives a stores block each store's phone as read, in order, null without one", async () => {
    const store = { name: "Reforma", kind: "centro-de-atencion" as const, address: "Reforma 100", city: "CDMX", state: "CDMX", postalCode: "06600", hours: ["9 a 18"] };
    const [resolved] = await resolveBlocks([{ type: "stores", stores: [{ ...store, phone: "5512345678" }, { ...store, name: "Sin teléfono" }] }], new Request("http://localhost/"));
    expect(resolved!.data).toEqual({ phones: ["(55) 12 34 56 78", null] });
  });
});
