import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESSES_HEADERS, coloniasResponse } from "~/upstream/addresses.server";
import { mockServer } from "../node";

const base = "https://addresses.upstream.mock";
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());

describe("addresses handlers answer what the client parses", () => {
  it.each(["06600", "64000", "44100", "99999"])("colonias of %s", async (code) => {
    const response = await fetch(`${base}/api/busqueda/colonias/${code}`, { headers: ADDRESSES_HEADERS });
    expect(response.status).toBe(200);
    expect(coloniasResponse.safeParse(await response.json()).success).toBe(true);
  });

  it("refuses a caller without the channel's headers", async () => {
    const response = await fetch(`${base}/api/busqueda/colonias/06600`);
    expect(response.status).toBe(401);
  });
});
