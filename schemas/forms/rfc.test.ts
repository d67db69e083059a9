import { describe, expect, it } from "vitest";
import { rfcCheckDigit, rfcKind, rfcProblem } from "./rfc";

describe("RFC", () => {
  it.each(["GODE561231GR8", "WMT970714R10", "XAXX010101000", "XEXX010101000", "godE561231gr8 ", "MAPE800229HA1"])("accepts %s", (rfc) => {
    expect(rfcProblem(rfc)).toBeNull();
  });

  it("computes the SAT check digit of a person (13) and a company (12)", () => {
    expect(rfcCheckDigit("GODE561231GR")).toBe("8");
    expect(rfcCheckDigit("WMT970714R1")).toBe("0");
  });

  it("refuses a wrong check digit, for a person and a company", () => {
    expect(rfcProblem("GODE561231GR9")).toBe("checkDigit");
    expect(rfcProblem("WMT970714R11")).toBe("checkDigit");
  });

  it("refuses an impossible date part", () => {
    expect(rfcProblem("GODE561331GR8")).toBe("date");
    expect(rfcProblem("GODE560230GR8")).toBe("date");
    expect(rfcProblem("WMT970732R10")).toBe("date");
  });

  it("refuses the wrong length or characters", () => {
    expect(rfcProblem("GODE561231GR")).toBe("format");
    expect(rfcProblem("GO1E561231GR8")).toBe("format");
    expect(rfcProblem("GODE561231GR8X")).toBe("format");
    expect(rfcProblem("")).toBe("format");
  });

  it("tells a person from a company by length", () => {
    expect(rfcKind("GODE561231GR8")).toBe("person");
    expect(rfcKind("WMT970714R10")).toBe("company");
  });
});
