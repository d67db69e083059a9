import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { portabilityAnswerWire, portabilityGuessWire, portabilityTrackingWire } from "~/upstream/portabilidad.server";
import { mockServer } from "../node";
import { resetWorld } from "../world";
import { resetSupport } from "../world-support";

const api = "https://portabilidad.upstream.mock/api/portabilidad/v2/portabilidad";
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());
beforeEach(() => {
  resetWorld();
  resetSupport();
});

const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const request = (changes: Record<string, unknown> = {}) => ({
  numero: "5591234567",
  nip: "1234",
  iccid: "8952140000000000047",
  contacto: { nombre: "Rosa", correo: "rosa@example.com", telefono: "5591234567" },
  ...changes,
});

describe("portabilidad handlers answer what the client parses", () => {
  it.each([
    ["accepted", {}],
    ["wrong NIP", { nip: "0000" }],
    ["already Bait", { numero: "5512345678" }],
    ["bad ICCID", { iccid: "1111111111111111111" }],
  ])("request: %s", async (_name, changes) => {
    const response = await post(api, request(changes));
    expect(response.status).toBe(200);
    expect(portabilityAnswerWire.safeParse(await response.json()).success).toBe(true);
  });

  it("guess by ICCID of a portability made", async () => {
    await post(api, request());
    const response = await fetch(`${api}/iccid/8952140000000000047`);
    expect(portabilityGuessWire.safeParse(await response.json()).success).toBe(true);
  });

  it("tracking step", async () => {
    const response = await post(`${api}/tracking/visit-1/nip`, { valor: "true" });
    expect(portabilityTrackingWire.safeParse(await response.json()).success).toBe(true);
  });
});
