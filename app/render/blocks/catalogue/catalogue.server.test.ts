import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OfferCategory } from "#schemas/config";
import { mockServer } from "../../../../mocks/node";
import { resetWorld } from "../../../../mocks/world";
import { loadData } from "../load.test-helpers";
import type { BlockOf } from "../types";
import { selectCategory } from "./block.server";

beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
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

const catalogue: BlockOf<"catalogue"> = { type: "catalogue", categories: ["traditionals", "packages", "internationals", "hbb", "mifi", "business", "associates", "sim", "e-sim"] };

describe("the catalogue block's data", () => {
  it("gives one tab per category, linked on the current path, and only the first category's offers by default", async () => {
    const data = await loadData<"catalogue">(catalogue, "http://localhost/recargas");
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
    const data = await loadData<"catalogue">(catalogue, "http://localhost/otra-pagina?section=hbb&utm_source=x");
    expect(data.selected).toBe("hbb");
    expect(data.tabs[0]!.href).toBe("/otra-pagina?section=traditionals");
    expect(data.offers.map((offer) => offer.offerId)).toContain("HBB349");
    expect(data.offers.every((offer) => offer.category === "hbb")).toBe(true);
    expect(data.offers.find((offer) => offer.offerId === "HBB349")).toMatchObject({ rechargeName: "Internet en Casa 349", price: "$349.00", href: "/recargas?section=hbb&recarga=HBB349" });
  });

  it("selects the tab of the offer in ?recarga= when there is no section", async () => {
    expect((await loadData<"catalogue">(catalogue, "http://localhost/recargas?recarga=MIFI200")).selected).toBe("mifi");
  });

  it("gives the error message and no offers when the upstream fails", async () => {
    mockServer.use(http.all(/.*/, () => HttpResponse.json({ message: "caído" }, { status: 500 })));
    const data = await loadData<"catalogue">(catalogue, "http://localhost/recargas");
    expect(data.offers).toEqual([]);
    expect(data.error).toBeTruthy();
    expect(data.tabs).toHaveLength(9);
  });
});
