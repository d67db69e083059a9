import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banner } from "#schemas/config";
import { bannersWire, bannerWire } from "~/upstream/banners.server";
import { mockServer } from "../node";

const cdn = "https://banners.upstream.mock/resources/banners";
const views = readdirSync(path.resolve(__dirname, "../../pages-config/banners")).map((file) => file.replace(/\.json$/, ""));
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());

describe("the banners CDN answers what the client parses", () => {
  it.each(views)("every %s banner matches the wire shape and the site's banner schema", async (view) => {
    const response = await fetch(`${cdn}/${view}/banners.json`);
    const body = bannersWire.parse(await response.json());
    expect(body.data.length).toBeGreaterThan(0);
    for (const entry of body.data) {
      expect(bannerWire.safeParse(entry).success).toBe(true);
      expect(banner.safeParse(entry).success).toBe(true);
    }
  });

  it("answers an unknown view with a 404", async () => {
    expect((await fetch(`${cdn}/no-existe/banners.json`)).status).toBe(404);
  });
});
