import { describe, expect, it } from "vitest";
import { chargeDateRange, isChargeDateInRange } from "./recurrence";

describe("the next charge's date of a modified recurrence", () => {
  const now = new Date("2026-11-23T10:00:00Z");

  it("is from tomorrow to a year ahead", () => {
    expect(chargeDateRange(now)).toEqual({ min: "2026-11-24", max: "2027-11-24" });
    expect(isChargeDateInRange("2026-11-24", now)).toBe(true);
    expect(isChargeDateInRange("2027-11-23", now)).toBe(true);
  });

  it("refuses today, the past, more than a year ahead and days that do not exist", () => {
    expect(isChargeDateInRange("2026-11-23", now)).toBe(false);
    expect(isChargeDateInRange("2020-01-01", now)).toBe(false);
    expect(isChargeDateInRange("2027-11-25", now)).toBe(false);
    expect(isChargeDateInRange("2027-02-30", now)).toBe(false);
  });
});
