import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { areaCodeAction, availableAreaCodes, type AreaCodeAnswer } from "./area-code.server";

useMockUpstream();

let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

async function post(fields: Record<string, string>) {
  const request = new Request("http://localhost/cambio-nir", { method: "POST", body: new URLSearchParams(fields) });
  const out = (await areaCodeAction(request, context())) as unknown as { data: AreaCodeAnswer; init: ResponseInit | null };
  return { status: out.init?.status ?? 200, answer: out.data };
}

describe("available area codes", () => {
  it("groups the upstream's list by state, in alphabetical order", async () => {
    const states = await availableAreaCodes();
    expect(states?.map((entry) => entry.state)).toEqual(["Ciudad de México", "Jalisco", "Nuevo León", "Puebla", "Yucatán"]);
    expect(states?.find((entry) => entry.state === "Jalisco")?.codes).toEqual([{ areaCode: "33", name: "Guadalajara" }]);
  });

  it("is null when the upstream fails", async () => {
    setSwitch("core.areaCodes", { status: 500 });
    expect(await availableAreaCodes()).toBeNull();
  });
});

describe("the area-code change", () => {
  it("moves an active mobile line and answers its new number", async () => {
    const { status, answer } = await post({ numero: "5512345678", nir: "81" });
    expect(status).toBe(200);
    expect(answer.done).toEqual({ number: "(81) 12 34 56 78" });
  });

  it.each([
    ["5534567890", "Tu línea está inactiva. Haz una recarga para activarla y después podrás cambiar tu lada."],
    ["5576543210", "El cambio de lada no está disponible para Internet portátil (MiFi)."],
    ["5598765432", "El cambio de lada no está disponible para este número Bait. Comunícate con nosotros al 800 123 2248 o al *282 para ayudarte."],
    ["5545678901", "Tu línea no está activa, por eso no podemos cambiar tu lada. Haz una recarga e inténtalo de nuevo."],
    ["5500000000", "El número que ingresaste no es un número Bait. Revisa que esté bien escrito."],
  ])("refuses %s with its message (errors.json nir)", async (numero, text) => {
    const { status, answer } = await post({ numero, nir: "33" });
    expect(status).toBe(400);
    expect(answer.message?.text).toBe(text);
    expect(answer.result.initialValue).toMatchObject({ numero, nir: "33" });
  });

  it("needs the number and the area code", async () => {
    const { answer } = await post({});
    expect(answer.result.error).toEqual({ numero: ["areaCode:numberRequired"], nir: ["areaCode:areaCodeRequired"] });
  });

  it("an upstream failure is the catalogue message with status 502", async () => {
    setSwitch("core.changeAreaCode", { status: 500 });
    const { status, answer } = await post({ numero: "5512345678", nir: "81" });
    expect(status).toBe(502);
    expect(answer.message?.text).toBe("Lo sentimos, el servicio no está disponible, favor de intentarlo más tarde.");
  });
});
