import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { mockServer } from "../../../mocks/node";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { postalLookup, postalLookupResponse } from "./postal.server";

useMockUpstream();

const FAILED = "Hubo un error al consultar tu código postal";
const COLONIAS_URL = "https://addresses.upstream.mock/api/busqueda/colonias/:postalCode";

describe("postalLookup (docs/sim.md colonias, spec §8 postal code)", () => {
  it("06600: the colonias Juárez and Roma Norte, in Cuauhtémoc, Ciudad de México, México", async () => {
    const answer = await postalLookup("06600");
    expect(answer).toMatchObject({ ok: true, postalCode: "06600", city: "Ciudad de México", municipality: "Cuauhtémoc", state: "Ciudad de México", country: "México" });
    expect(answer.ok && answer.colonias.map((colonia) => colonia.name)).toEqual(["Juárez", "Roma Norte"]);
    expect(answer.ok && answer.colonias.every((colonia) => typeof colonia.id === "string" && colonia.id !== "00")).toBe(true);
  });

  it("64000: Monterrey Centro, Monterrey, Nuevo León", async () => {
    expect(await postalLookup(" 64000 ")).toMatchObject({ ok: true, colonias: [{ name: "Monterrey Centro" }], municipality: "Monterrey", state: "Nuevo León" });
  });

  it("99999: the upstream's own message ('server message', docs/sim.md)", async () => {
    expect(await postalLookup("99999")).toEqual({ ok: false, message: "No encontramos colonias para el código postal 99999" });
  });

  it("a refusal without a message, or with an empty list of colonias: 'Hubo un error al consultar tu código postal'", async () => {
    mockServer.use(http.get(COLONIAS_URL, () => HttpResponse.json({ success: false, informacion: null })));
    expect(await postalLookup("99999")).toEqual({ ok: false, message: FAILED });
    mockServer.use(
      http.get(COLONIAS_URL, () =>
        HttpResponse.json({ success: true, mensaje: "", informacion: { colonias: [], pais: { codigo: "MX", divisa: "MXN", id: 1, nombre: "México" }, estado: "X", municipio: "Y" } }),
      ),
    );
    expect(await postalLookup("12345")).toEqual({ ok: false, message: FAILED });
  });

  it("an upstream failure (500, malformed answer, no connection) shows 'Hubo un error al consultar tu código postal', never the upstream's error text", async () => {
    setSwitch("addresses.colonias", { status: 500 });
    expect(await postalLookup("06600")).toEqual({ ok: false, message: FAILED, unavailable: true });
    setSwitch("addresses.colonias", { malformed: true });
    expect(await postalLookup("06600")).toEqual({ ok: false, message: FAILED, unavailable: true });
    setSwitch("addresses.colonias", {});
    mockServer.use(http.get(COLONIAS_URL, () => HttpResponse.error()));
    expect(await postalLookup("06600")).toEqual({ ok: false, message: FAILED, unavailable: true });
  });

  it("a code of other than 5 digits is not asked: 'El código postal debe tener 5 dígitos'", async () => {
    for (const code of ["", "0660", "066000", "06a00"]) expect(await postalLookup(code)).toEqual({ ok: false, message: "El código postal debe tener 5 dígitos" });
  });
});

let ipCount = 0;
const context = () => ({ clientIp: `203.0.113.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;
const get = (query: string, ctx = context()) => postalLookupResponse(new Request(`http://localhost/api/codigo-postal${query}`), ctx);

describe("GET /api/codigo-postal", () => {
  it("?cp=06600 answers the lookup as JSON, kept privately for 5 minutes", async () => {
    const response = await get("?cp=06600");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=300");
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ ok: true, postalCode: "06600", state: "Ciudad de México", colonias: [{ name: "Juárez" }, { name: "Roma Norte" }] });
  });

  it("?cp=99999 answers the refusal with its message, not kept", async () => {
    const response = await get("?cp=99999");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ ok: false, message: "No encontramos colonias para el código postal 99999" });
  });

  it.each(["", "?cp=", "?cp=0660", "?cp=066000", "?cp=abcde"])("%s is a 400 with 'El código postal debe tener 5 dígitos'", async (query) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: "El código postal debe tener 5 dígitos" });
  });

  it("after 100 failed lookups from one IP in 15 minutes, answers 429 without asking the upstream", async () => {
    const ctx = context();
    for (let index = 0; index < 100; index++) await get("?cp=99999", ctx);
    let asked = false;
    mockServer.use(http.get(COLONIAS_URL, () => ((asked = true), HttpResponse.json({}))));
    const response = await get("?cp=06600", ctx);
    expect(response.status).toBe(429);
    expect(asked).toBe(false);
    expect(await response.json()).toEqual({ ok: false, message: "Has hecho demasiados intentos. Espera 15 minutos y vuelve a intentarlo." });
  });
});
