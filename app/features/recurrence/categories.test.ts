import { describe, expect, it } from "vitest";
import { isRecurringOfferFor, lineCategoryOf, RECURRENCE_CATEGORIES } from "./categories";
import { lineCategoryForType } from "#schemas/forms/recharge";

describe("recurrence categories", () => {
  it("are mbb 1, 2, 4; mifi 8; hbb 3", () => {
    expect(RECURRENCE_CATEGORIES).toEqual({ mbb: [1, 2, 4], mifi: [8], hbb: [3] });
  });

  it("match the session's userType", () => {
    expect([lineCategoryOf(1), lineCategoryOf(2), lineCategoryOf(3)]).toEqual(["mbb", "hbb", "mifi"]);
  });

  it("offer a line only its own types", () => {
    expect([1, 2, 4].every((type) => isRecurringOfferFor("mbb", type))).toBe(true);
    expect(isRecurringOfferFor("mbb", 3)).toBe(false);
    expect(isRecurringOfferFor("mbb", 8)).toBe(false);
    expect(isRecurringOfferFor("mifi", 8)).toBe(true);
    expect(isRecurringOfferFor("mifi", 3)).toBe(false);
    expect(isRecurringOfferFor("hbb", 3)).toBe(true);
    expect(isRecurringOfferFor("hbb", 2)).toBe(false);
  });

  it("agree with the sale's referencia4 for every type they list", () => {
    for (const [category, types] of Object.entries(RECURRENCE_CATEGORIES)) for (const type of types) expect(lineCategoryForType(type)).toBe(category);
  });
});
