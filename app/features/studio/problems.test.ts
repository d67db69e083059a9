import { describe, expect, it } from "vitest";
import { errorTreeOf, fieldIdOf, segmentsOf } from "./problems";

describe("a refusal at its field", () => {
  it("reads the config's paths", () => {
    expect(segmentsOf("banners[0].title")).toEqual(["banners", "0", "title"]);
    expect(segmentsOf("menu.groups[2].options[10].url")).toEqual(["menu", "groups", "2", "options", "10", "url"]);
    expect(segmentsOf("")).toEqual([]);
    expect(fieldIdOf("banners[0].alt")).toBe("root_banners_0_alt");
  });

  it("puts each message at its field, and the document's own at the root", () => {
    expect(errorTreeOf([{ path: "banners[0].alt", message: "Falta" }, { path: "banners[0].alt", message: "Corto" }, { path: "", message: "JSON mal formado" }])).toEqual({
      __errors: ["JSON mal formado"],
      banners: { 0: { alt: { __errors: ["Falta", "Corto"] } } },
    });
  });
});
