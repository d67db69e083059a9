import { describe, expect, it } from "vitest";
import { marketingPlatforms } from "./platforms.server";

describe("the marketing platforms of site.json", () => {
  it("none is configured in the shipped site: nothing loads, the pixel flows are the spec's four pages", () => {
    expect(marketingPlatforms()).toEqual({ platforms: [], pixelPaths: ["/cambiate-a-bait", "/bait-prepago", "/haz-tu-portabilidad", "/e-sim"] });
  });
});
