import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../mocks/node";
import { shortUpstreamTimeout, useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { lookUpPostalCode } from "./addresses.server";
import { captureLog } from "~/lib/log.test-helpers";

const url = "https://addresses.upstream.mock/api/busqueda/colonias/:postalCode";
useMockUpstream();

describe("postal code lookup", () => {
  it("turns 06600 into its colonias, state and municipality", async () => {
    const result = await lookUpPostalCode("06600");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.colonias.map((colonia) => colonia.name)).toEqual(["Juárez", "Roma Norte"]);
    expect(result.data).toMatchObject({ state: "Ciudad de México", municipality: "Cuauhtémoc", country: { code: "MX", currency: "MXN", name: "México" } });
    expect(result.data.colonias[0]).toMatchObject({ city: "Ciudad de México", postalCode: "06600", type: "Colonia" });
  });

  it.each(["64000", "44100"])("finds the colonia of %s", async (code) => {
    const result = await lookUpPostalCode(code);
    expect(result.ok && result.data.colonias.length).toBe(1);
  });

  it("turns 99999 into 'payment:postalCode.lookupFailed' and keeps the server's message", async () => {
    const result = await lookUpPostalCode("99999");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.messageKey).toBe("payment:postalCode.lookupFailed");
    expect(result.error.upstreamMessage).toMatch(/99999/);
  });

  it("refuses a code that is not 5 digits without calling the upstream", async () => {
    const result = await lookUpPostalCode("0660");
    expect(!result.ok && result.error.messageKey).toBe("payment:postalCode.lookupFailed");
  });

  it("turns a malformed answer into 'payment:postalCode.lookupFailed'", async () => {
    setSwitch("addresses.colonias", { malformed: true });
    const result = await lookUpPostalCode("06600");
    expect(!result.ok && result.error.messageKey).toBe("payment:postalCode.lookupFailed");
  });

  it("turns an answer missing a colonia's name into 'payment:postalCode.lookupFailed' and logs the field", async () => {
    const log = captureLog();
    mockServer.use(http.get(url, () => HttpResponse.json({ success: true, informacion: { colonias: [{ id: 1, ciudad: "X", codigoPostal: "06600", tipo: "Colonia" }], pais: { codigo: "MX", divisa: "MXN", id: 1, nombre: "México" }, estado: "X", municipio: "X" } })));
    const result = await lookUpPostalCode("06600");
    expect(!result.ok && result.error.messageKey).toBe("payment:postalCode.lookupFailed");
    expect(log.entries).toContainEqual(expect.objectContaining({ call: "addresses.colonias", msg: "respuesta inválida", field: "informacion.colonias.0.nombre" }));
  });

  it("turns a 500 into 'payment:postalCode.lookupFailed'", async () => {
    setSwitch("addresses.colonias", { status: 500 });
    const result = await lookUpPostalCode("06600");
    expect(!result.ok && result.error.messageKey).toBe("payment:postalCode.lookupFailed");
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch("addresses.colonias", { latencyMs: 400 });
    const result = await lookUpPostalCode("06600");
    expect(!result.ok && result.error.messageKey).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.get(url, () => HttpResponse.error()));
    const result = await lookUpPostalCode("06600");
    expect(!result.ok && result.error.messageKey).toBe("errors:upstream.network");
  });
});
