import { describe, expect, it } from "vitest";
import { isRecurringOfferFor, lineCategoryOf, RECURRENCE_CATEGORIES, recurringChoices } from "./categories";
import { lineCategoryForType } from "#schemas/forms/recharge";

describe("recurrence categories (spec §3 type codes)", () => {
  it("are mbb 1, 4, 5, 6; hbb 2; mifi 3, 8", () => {
    expect(RECURRENCE_CATEGORIES).toEqual({ mbb: [1, 4, 5, 6], hbb: [2], mifi: [3, 8] });
  });

  it("match the session's userType", () => {
    expect([lineCategoryOf(1), lineCategoryOf(2), lineCategoryOf(3)]).toEqual(["mbb", "hbb", "mifi"]);
  });

  it("offer a line only its own types", () => {
    expect([1, 5, 6].every((type) => isRecurringOfferFor("mbb", type))).toBe(true);
    expect([2, 3, 7, 8, 9, 99].some((type) => isRecurringOfferFor("mbb", type))).toBe(false);
    expect(isRecurringOfferFor("hbb", 2)).toBe(true);
    expect([1, 3, 4, 8].some((type) => isRecurringOfferFor("hbb", type))).toBe(false);
    expect(isRecurringOfferFor("mifi", 3)).toBe(true);
    expect(isRecurringOfferFor("mifi", 8)).toBe(true);
    expect([1, 2, 4].some((type) => isRecurringOfferFor("mifi", type))).toBe(false);
  });

  it("offer the associates' type only to a mobile line of the programme", () => {
    expect(isRecurringOfferFor("mbb", 4)).toBe(false);
    expect(isRecurringOfferFor("mbb", 4, true)).toBe(true);
    expect(isRecurringOfferFor("hbb", 4, true)).toBe(false);
  });

  it("agree with the sale's referencia4 for every type they list", () => {
    for (const [category, types] of Object.entries(RECURRENCE_CATEGORIES)) for (const type of types) expect(lineCategoryForType(type)).toBe(category);
  });
});

describe("recurringChoices", () => {
  const offers = [
    { offerId: "BAIT100", type: 1 },
    { offerId: "BAIT50", type: 1 },
    { offerId: "HBB349", type: 2 },
    { offerId: "MIFI200", type: 3 },
    { offerId: "EMPMIFI399", type: 8 },
    { offerId: "ASOC30", type: 4 },
    { offerId: "SIM150", type: 7 },
  ];
  const listed = ["MIFI200", "HBB349", "ASOC30", "BAIT100", "SIM150", "GONE", "EMPMIFI399"];
  const ids = (category: "mbb" | "hbb" | "mifi", associate = false) => recurringChoices(offers, listed, category, associate).map((offer) => offer.offerId);

  it("keeps only recurring.offerIds, in its order, of the line's kind", () => {
    expect(ids("mbb")).toEqual(["BAIT100"]);
    expect(ids("mbb", true)).toEqual(["ASOC30", "BAIT100"]);
    expect(ids("hbb")).toEqual(["HBB349"]);
    expect(ids("mifi")).toEqual(["MIFI200", "EMPMIFI399"]);
  });

  it("offers nothing when recurring.offerIds is empty", () => {
    expect(recurringChoices(offers, [], "mbb", true)).toEqual([]);
  });
});
