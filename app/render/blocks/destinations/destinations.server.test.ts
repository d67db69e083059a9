import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../../../mocks/node";
import { resetWorld } from "../../../../mocks/world";
import { loadData } from "../load.test-helpers";
import type { BlockData, BlockOf } from "../types";

beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(() => resetWorld());

const destinations: BlockOf<"destinations"> = { type: "destinations" };
const names = (data: BlockData<"destinations">) => Object.fromEntries(data.lists.map((list) => [list.id, list.destinations.map((entry) => entry.name)]));

describe("the destinations block's data", () => {
  it("lists every destination of both lists with the offers that cover them, linked to their recharge modal", async () => {
    const data = await loadData<"destinations">(destinations, "http://localhost/paquetes-bait-internacionales");
    expect(data.query).toBe("");
    expect(names(data).insideMexico).toContain("Canadá");
    expect(names(data).outsideMexico).toContain("Japón");
    const colombia = data.lists[0]!.destinations.find((entry) => entry.id === "colombia");
    expect(colombia?.offers).toEqual([
      { offerId: "INTLATAM300", name: "Bait Latinoamérica 300", href: "/recargas?section=internationals&recarga=INTLATAM300" },
      { offerId: "INTMUNDO500", name: "Bait Mundo 500", href: "/recargas?section=internationals&recarga=INTMUNDO500" },
    ]);
  });

  it("filters both lists by ?destino=, ignoring case and accents", async () => {
    expect(names(await loadData<"destinations">(destinations, "http://localhost/p?destino=colombia"))).toEqual({ insideMexico: ["Colombia"], outsideMexico: ["Colombia"] });
    expect(names(await loadData<"destinations">(destinations, "http://localhost/p?destino=canada"))).toEqual({ insideMexico: ["Canadá"], outsideMexico: ["Canadá"] });
    expect(names(await loadData<"destinations">(destinations, "http://localhost/p?destino=%20ESPANA%20"))).toEqual({ insideMexico: ["España"], outsideMexico: ["España"] });
    const none = await loadData<"destinations">(destinations, "http://localhost/p?destino=xyz");
    expect(none.query).toBe("xyz");
    expect(names(none)).toEqual({ insideMexico: [], outsideMexico: [] });
  });

  it("still lists the destinations with marketing's offer names when the upstream fails", async () => {
    mockServer.use(http.all(/.*/, () => HttpResponse.json({ message: "caído" }, { status: 500 })));
    const data = await loadData<"destinations">(destinations, "http://localhost/p?destino=colombia");
    expect(data.lists[0]!.destinations[0]!.offers.map((offer) => offer.offerId)).toEqual(["INTLATAM300", "INTMUNDO500"]);
  });
});
