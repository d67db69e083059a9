import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { useMockUpstream } from "../../../mocks/test-support";
import { checkImeiCompatibility, deviceMessageKey, validateImei } from "./devices.server";
import { dataOf, errorOf, quiet } from "./fixtures.test-helpers";

useMockUpstream({ timeoutMs: 8000 });

describe("devices", () => {
  it.each([
    ["356938035643809", { supportsEsim: true, network: "compatible" }, "esim:device.compatible"],
    ["490154203237518", { supportsEsim: false, network: "compatible" }, "esim:device.networkOnly"],
    ["351756051523993", { supportsEsim: false, network: "incompatible" }, "esim:device.incompatible"],
    ["353322110099885", { supportsEsim: false, network: "vozapp" }, "esim:device.vozapp"],
  ])("validates IMEI %s", async (imei, expected, key) => {
    const check = dataOf(await validateImei(imei));
    expect(check).toEqual(expected);
    expect(deviceMessageKey(check)).toBe(key);
  });

  it("turns the server-error device's 500 into 'esim:device.serverError'", async () => {
    quiet();
    expect(errorOf(await validateImei("867530901234565")).messageKey).toBe("esim:device.serverError");
    expect(errorOf(await checkImeiCompatibility("867530901234565")).messageKey).toBe("esim:device.serverError");
  });

  it("checks compatibility for the contact flow", async () => {
    expect(dataOf(await checkImeiCompatibility("356938035643809"))).toMatchObject({ compatible: true, supportsEsim: true });
    expect(dataOf(await checkImeiCompatibility("490154203237518"))).toMatchObject({ compatible: true, supportsEsim: false });
    expect(dataOf(await checkImeiCompatibility("351756051523993"))).toMatchObject({ compatible: false });
  });

  it("turns a success: false compatibility answer into a refusal with the upstream's message", async () => {
    mockServer.use(http.post("https://core.upstream.mock/api/core/captacion/imei/verificacion", () => HttpResponse.json({ success: false, mensaje: "IMEI bloqueado" })));
    expect(errorOf(await checkImeiCompatibility("356938035643809"))).toMatchObject({ messageKey: "esim:device.incompatible", upstreamMessage: "IMEI bloqueado" });
  });
});
