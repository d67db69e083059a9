import { describe, expect, it } from "vitest";
import { cleanDestinationQuery, foldForSearch, MAX_DESTINATION_QUERY, searchDestinations } from "./destinations";

const lists = {
  insideMexico: [
    { id: "estados-unidos", name: "Estados Unidos" },
    { id: "canada", name: "Canadá" },
    { id: "colombia", name: "Colombia" },
    { id: "espana", name: "España" },
  ],
  outsideMexico: [
    { id: "el-salvador", name: "El Salvador" },
    { id: "colombia", name: "Colombia" },
    { id: "peru", name: "Perú" },
    { id: "japon", name: "Japón" },
    { id: "reino-unido", name: "Reino Unido" },
  ],
};

const names = (result: ReturnType<typeof searchDestinations<{ name: string }>>) => ({
  insideMexico: result.insideMexico.map((entry) => entry.name),
  outsideMexico: result.outsideMexico.map((entry) => entry.name),
});

describe("foldForSearch", () => {
  it("drops case, accents and the tilde of the ñ, and collapses spaces", () => {
    expect(foldForSearch("  ESPAÑA ")).toBe("espana");
    expect(foldForSearch("Canadá")).toBe("canada");
    expect(foldForSearch("Perú")).toBe("peru");
    expect(foldForSearch("Reino   Unido")).toBe("reino unido");
  });
});

describe("searchDestinations", () => {
  it("finds an accented destination written without its accent: «canada» finds Canadá", () => {
    expect(names(searchDestinations(lists, "canada"))).toEqual({ insideMexico: ["Canadá"], outsideMexico: [] });
  });

  it("finds a plain destination written with accents it does not have: «Colómbia» finds Colombia", () => {
    expect(names(searchDestinations(lists, "Colómbia"))).toEqual({ insideMexico: ["Colombia"], outsideMexico: ["Colombia"] });
  });

  it.each(["ESPAÑA", "espana", "España", "eSpAnA"])("ignores case and the ñ's tilde: «%s» finds España", (query) => {
    expect(names(searchDestinations(lists, query))).toEqual({ insideMexico: ["España"], outsideMexico: [] });
  });

  it("matches a substring anywhere in the name, in both lists, keeping the configured order", () => {
    expect(names(searchDestinations(lists, "lom"))).toEqual({ insideMexico: ["Colombia"], outsideMexico: ["Colombia"] });
    expect(names(searchDestinations(lists, "unido"))).toEqual({ insideMexico: ["Estados Unidos"], outsideMexico: ["Reino Unido"] });
    expect(names(searchDestinations(lists, "pon"))).toEqual({ insideMexico: [], outsideMexico: ["Japón"] });
  });

  it("treats extra spaces as one: «  el   salvador » finds El Salvador", () => {
    expect(names(searchDestinations(lists, "  el   salvador "))).toEqual({ insideMexico: [], outsideMexico: ["El Salvador"] });
  });

  it.each(["", "   "])("gives every destination for an empty query (%j)", (query) => {
    const result = searchDestinations(lists, query);
    expect(result).toEqual(lists);
    expect(result.insideMexico).not.toBe(lists.insideMexico);
  });

  it("gives two empty lists when nothing matches", () => {
    expect(searchDestinations(lists, "xyz")).toEqual({ insideMexico: [], outsideMexico: [] });
  });

  it("keeps each destination's own fields", () => {
    const rich = { insideMexico: [{ name: "Canadá", offerIds: ["INT100"] }], outsideMexico: [] };
    expect(searchDestinations(rich, "cana").insideMexico).toEqual([{ name: "Canadá", offerIds: ["INT100"] }]);
  });
});

describe("cleanDestinationQuery", () => {
  it("trims, collapses spaces and keeps what was typed otherwise", () => {
    expect(cleanDestinationQuery("  Reino   Unido ")).toBe("Reino Unido");
    expect(cleanDestinationQuery("ESPAÑA")).toBe("ESPAÑA");
  });

  it("gives an empty query for a missing parameter", () => {
    expect(cleanDestinationQuery(null)).toBe("");
    expect(cleanDestinationQuery(undefined)).toBe("");
  });

  it(`cuts a query longer than ${MAX_DESTINATION_QUERY} characters`, () => {
    expect(cleanDestinationQuery("a".repeat(500))).toHaveLength(MAX_DESTINATION_QUERY);
  });
});
