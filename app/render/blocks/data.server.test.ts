import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { resetWorld } from "../../../mocks/world";
import { resolveBlocks } from "./data.server";

beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(() => resetWorld());

describe("dates and phones, formatted on the server", () => {
  it("gives a legal block its update date as read", async () => {
    const [resolved] = await resolveBlocks([{ type: "legal", updated: "2021-10-31", sections: [{ title: "Cookies", content: [{ p: "Usamos cookies." }] }] }], new Request("http://localhost/"));
    expect(resolved!.data).toEqual({ updated: "31 de octubre de 2021" });
  });

  it("gives a stores block each store's phone as read, in order, null without one", async () => {
    const store = { name: "Reforma", kind: "centro-de-atencion" as const, address: "Reforma 100", city: "CDMX", state: "CDMX", postalCode: "06600", hours: ["9 a 18"] };
    const [resolved] = await resolveBlocks([{ type: "stores", stores: [{ ...store, phone: "5512345678" }, { ...store, name: "Sin teléfono" }] }], new Request("http://localhost/"));
    expect(resolved!.data).toEqual({ phones: ["(55) 12 34 56 78", null] });
  });
});
