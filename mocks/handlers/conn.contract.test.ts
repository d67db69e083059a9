import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as z from "zod";
import recharges from "../../pages-config/recharges.json";
import { accessResponse } from "../../app/upstream/conn/access.schemas";
import { balanceResponse } from "../../app/upstream/conn/balance.schemas";
import { offersResponse } from "../../app/upstream/conn/offers.schemas";
import { serviceabilityResponse } from "../../app/upstream/conn/serviceability.schemas";
import { cdnResponse } from "../../app/upstream/conn/widget.schemas";
import { connOffers } from "../conn-data";
import { mockServer } from "../node";
import { clearSwitches } from "../switches";
import { newToken, resetWorld } from "../world";

const api = "https://conn.upstream.mock/conn/page/api";

beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  resetWorld();
  clearSwitches();
});
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

async function expectParses(schema: z.ZodType, request: Promise<Response>) {
  const response = await request;
  const parsed = schema.safeParse(await response.json());
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues[0])).toBe(true);
  return response;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("conn mock answers parse with the client's schemas", () => {
  it.each(["ofertas", "ofertasHBB", "ofertasSams"])("GET %s", async (endpoint) => {
    await expectParses(offersResponse, fetch(`${api}/app/${endpoint}`));
  });

  it("POST consumoV3 and consumoSSO", async () => {
    for (const number of ["5512345678", "5598765432", "5576543210"]) {
      const token = newToken(number);
      await expectParses(balanceResponse, post(`${api}/app/consumoV3`, { access: token }, { Ordaccess: token }));
      await expectParses(balanceResponse, post(`${api}/sso/consumoSSO`, { numero: number }, { Authorization: `Bearer ${token}` }));
    }
  });

  it("GET cdn with hide: true", async () => {
    await expectParses(cdnResponse, fetch(`${api}/app/cdn`, { headers: { hide: "true" } }));
  });

  it.each(["06600", "64000", "44100", "99999"])("GET serviceability for %s", async (postalCode) => {
    await expectParses(serviceabilityResponse, fetch(`${api}/altan/serviceability?direccion=${postalCode}`));
  });

  const acceso = `${api}/bait/api/aplicacion/acceso`;
  const accesoMifi = `${api}/bait/api/aplicacion/acceso-mifi`;
  it.each([
    ["login ok", acceso, { operacion: "login", numero: "5512345678", pass: "Bait2024!" }],
    ["login wrong password", acceso, { operacion: "login", numero: "5512345678", pass: "x" }],
    ["login mifi", accesoMifi, { operacion: "login", numero: "5576543210", servicio: "5576543210", pass: "Bait2024!" }],
    ["logout", acceso, { operacion: "logout", numero: "5512345678", access: "t" }],
    ["recovery", acceso, { operacion: "recuperacionv2", numero: "5512345678" }],
    ["recovery, no account", acceso, { operacion: "recuperacionv2", numero: "5523456789" }],
    ["recovery, locked", acceso, { operacion: "recuperacionv2", numero: "5566666666" }],
    ["recovery hbb", acceso, { operacion: "recuperacion_hbbv2", numero: "5511112222", servicio: "5598765432" }],
    ["PIN ok", acceso, { operacion: "validar_pin", numero: "5512345678", pin: "1234" }],
    ["PIN wrong", acceso, { operacion: "validar_pin", numero: "5512345678", pin: "0000" }],
    ["PIN hbb", acceso, { operacion: "validar_pin_hbb", numero: "5511112222", servicio: "5598765432", pin: "1234" }],
    ["reset without session", acceso, { operacion: "restablecer_passv2", numero: "5512345678", pass: "Nueva2024!", uuid: "x" }],
    ["register PIN", acceso, { operacion: "pin", numero: "5523456789" }],
    ["register PIN, registered", acceso, { operacion: "pin", numero: "5512345678" }],
    ["register without session", acceso, { operacion: "registro", numero: "5523456789", uuid: "x", nombre: "B", email: "b@example.com", pass: "B" }],
  ])("POST acceso: %s", async (_name, url, body) => {
    const response = await expectParses(accessResponse, post(url, body));
    expect(response.status).toBe(200);
  });

  it("refuses a malformed acceso request with a 400", async () => {
    expect((await post(`${api}/bait/api/aplicacion/acceso`, { operacion: "login", numero: "55" })).status).toBe(400);
    expect((await post(`${api}/bait/api/aplicacion/acceso`, { operacion: "validar_pin_hbb", numero: "5511112222", pin: "1234" })).status).toBe(400);
  });
});

describe("the mock's offer catalogue agrees with the marketing config", () => {
  const mock = new Map(connOffers.map((offer) => [offer.offeringid, offer]));

  it.each(recharges.offers.filter((offer) => offer.category !== "e-sim").map((offer) => [offer.offerId, offer] as const))(
    "%s has the config's type, price, duration and data",
    (_id, offer) => {
      expect(mock.get(offer.offerId)).toMatchObject({ tipo: offer.type, pesos: offer.price, duracion: offer.duration, mbNavegar: offer.mbNavigation, mbRedesSociales: offer.mbSocialNetworks });
    },
  );

  it("covers every offer type from 1 to 9 and points only at images that exist in public/", () => {
    expect(new Set(connOffers.map((offer) => offer.tipo))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    for (const offer of connOffers) {
      for (const image of [offer.imagen.movil, offer.imagen.escritorio]) expect(existsSync(path.join(process.cwd(), "public", image)), image).toBe(true);
    }
  });
});
