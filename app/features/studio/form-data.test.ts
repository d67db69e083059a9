import { describe, expect, it } from "vitest";
import { withoutAddedEmpties } from "./form-data";

describe("the form's data as saved", () => {
  it("leaves out the empty objects and lists the form added for optional fields", () => {
    const original = { banners: [{ name: "a" }, { name: "b", tags: [] }] };
    const fromForm = { banners: [{ name: "a", when: {}, tags: [] }, { name: "b", tags: [], when: { audience: [] } }] };
    expect(withoutAddedEmpties(fromForm, original)).toEqual({ banners: [{ name: "a" }, { name: "b", tags: [] }] });
  });

  it("keeps what was filled in, and every value that is not an empty container", () => {
    const fromForm = { when: { flag: "e-sim" }, count: 0, text: "", off: false, none: null };
    expect(withoutAddedEmpties(fromForm, {})).toEqual(fromForm);
  });
});
