import { describe, expect, it } from "vitest";
import { isKnownPage, returnPath } from "./return-path.server";

describe("returnPath on the server", () => {
  it("knows the pages of pages-config/ as well as the app's routes", () => {
    expect(isKnownPage("/promociones")).toBe(true);
    // `{product}` resolved with the brand's slug, as the config store serves it.
    expect(isKnownPage("/bait-prepago")).toBe(true);
    expect(isKnownPage("/recurrente")).toBe(true);
    expect(isKnownPage("/no-existe")).toBe(false);
    expect(returnPath("/promociones?contacto=whatsapp&x=1", { drop: ["contacto"] })).toBe("/promociones?x=1");
  });

  it("sends a config page written to leave the site home", () => {
    expect(returnPath("/.//promociones")).toBe("/");
    expect(returnPath("//promociones")).toBe("/");
    expect(returnPath("/\\promociones", { fallback: "/home" })).toBe("/home");
  });
});
