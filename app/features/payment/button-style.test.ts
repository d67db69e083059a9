import { describe, expect, it } from "vitest";
import { buttonStyle, contrastRatio } from "./button-style";

describe("the configured pay button (WCAG 1.4.3 wins)", () => {
  it("measures contrast like WCAG", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 0);
    expect(contrastRatio("#ffffff", "#1471CE")).toBeGreaterThan(4.5);
  });
  it("takes the spec's #1471CE with white text and a radius", () => {
    expect(buttonStyle({ background: "#1471CE", color: "#FFFFFF", borderRadius: "8px" })).toEqual({
      className: "checkout-pay--custom",
      css: ".checkout-pay--custom{background:#1471CE;border-color:#1471CE;color:#FFFFFF;border-radius:8px}",
    });
  });
  it("refuses colours below 4.5:1 and anything that is not a plain value", () => {
    expect(buttonStyle({ background: "#1471CE", color: "#1471CE" })).toBeNull();
    expect(buttonStyle({ background: "red;}body{display:none", color: "#fff" })).toBeNull();
    expect(buttonStyle({ background: "#1471CE", color: "#1471CE", borderRadius: "4px" })?.css).toBe(".checkout-pay--custom{border-radius:4px}");
  });
});
