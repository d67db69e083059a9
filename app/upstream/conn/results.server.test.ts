import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { clearSwitches, setSwitch } from "../../../mocks/switches";
import type { UpstreamResult } from "../http.server";
import { captureLog } from "../../lib/log.test-helpers";
import { completeRegistration, login, logout, resetPassword, sendRegisterPin, startRecovery, validatePin } from "./access.server";
import { getBalance, getSsoBalance } from "./balance.server";
import { getOffers } from "./offers.server";
import type { ConnOptions } from "./results.server";
import { checkServiceability } from "./serviceability.server";
import { getWidgetContent } from "./widget.server";
import { ANA, api, errorOf } from "./fixtures.test-helpers";
import { useMockUpstream } from "../../../mocks/test-support";

useMockUpstream({ timeoutMs: 8000 });

/** Every call, how to invoke it, and the catalogue key its failures show. */
type Case = { name: string; call: string; method: "get" | "post"; path: string; key: string; invoke: (options: ConnOptions) => Promise<UpstreamResult<unknown>> };
const cases: Case[] = [
  { name: "offers", call: "conn.offers.general", method: "get", path: "/app/ofertas", key: "recharge:offers.error", invoke: (o) => getOffers("general", o) },
  { name: "hbb offers", call: "conn.offers.hbb", method: "get", path: "/app/ofertasHBB", key: "recharge:offers.error", invoke: (o) => getOffers("hbb", o) },
  { name: "associates offers", call: "conn.offers.sams", method: "get", path: "/app/ofertasSams", key: "recharge:offers.error", invoke: (o) => getOffers("sams", o) },
  { name: "balance", call: "conn.balance", method: "post", path: "/app/consumoV3", key: "auth:login.dataFailed", invoke: (o) => getBalance("mock-token", o) },
  { name: "SSO balance", call: "conn.balanceSso", method: "post", path: "/sso/consumoSSO", key: "auth:login.dataFailed", invoke: (o) => getSsoBalance("5512345678", "t", o) },
  { name: "login", call: "conn.login", method: "post", path: "/bait/api/aplicacion/acceso", key: "auth:login.failed", invoke: (o) => login({ ...ANA, password: "x" }, o) },
  { name: "logout", call: "conn.logout", method: "post", path: "/bait/api/aplicacion/acceso", key: "auth:logout.failed", invoke: (o) => logout({ ...ANA, access: "t" }, o) },
  { name: "recovery start", call: "conn.recoveryStart", method: "post", path: "/bait/api/aplicacion/acceso", key: "errors:otp.sendFailed", invoke: (o) => startRecovery(ANA, o) },
  { name: "PIN check", call: "conn.validatePin", method: "post", path: "/bait/api/aplicacion/acceso", key: "auth:recovery.sessionError", invoke: (o) => validatePin(ANA, "1234", "recovery", o) },
  { name: "password reset", call: "conn.resetPassword", method: "post", path: "/bait/api/aplicacion/acceso", key: "auth:recovery.sessionError", invoke: (o) => resetPassword(ANA, "Nueva2024!", "u", o) },
  { name: "registration PIN", call: "conn.registerPin", method: "post", path: "/bait/api/aplicacion/acceso", key: "errors:otp.sendFailed", invoke: (o) => sendRegisterPin(ANA, undefined, o) },
  {
    name: "registration",
    call: "conn.register",
    method: "post",
    path: "/bait/api/aplicacion/acceso",
    key: "auth:completeRegistration.failed",
    invoke: (o) => completeRegistration({ line: ANA, uuid: "u", name: "Ana", email: "a@example.com", password: "Bait2024!", allowNotifications: false }, o),
  },
];

describe("conn client failures", () => {
  describe.each(cases)("$name", ({ call, method, path, key, invoke }) => {
    it(`turns a 500 into '${key}'`, async () => {
      setSwitch(call, { status: 500 });
      const error = errorOf(await invoke({}));
      expect(error).toMatchObject({ kind: "http", status: 500, messageKey: key });
    });

    it(`turns a malformed body into '${key}'`, async () => {
      setSwitch(call, { malformed: true });
      expect(errorOf(await invoke({}))).toMatchObject({ kind: "invalidResponse", messageKey: key });
    });

    it(`turns a timeout into '${key}'`, async () => {
      setSwitch(call, { latencyMs: 400 });
      expect(errorOf(await invoke({ timeoutMs: 40 }))).toMatchObject({ kind: "timeout", messageKey: key });
    });

    it(`turns a network error into '${key}'`, async () => {
      mockServer.use(http[method](`${api}${path}`, () => HttpResponse.error()));
      expect(errorOf(await invoke({}))).toMatchObject({ kind: "network", messageKey: key });
    });
  });

  const generic: [string, () => Promise<UpstreamResult<unknown>>, string, string][] = [
    ["widget", () => getWidgetContent({ timeoutMs: 40 }), "conn.widget", "/app/cdn"],
    ["serviceability", () => checkServiceability("06600", { timeoutMs: 40 }), "conn.serviceability", "/altan/serviceability"],
  ];
  it.each(generic)("the %s call shows the generic upstream messages (docs/upstream.md has none of its own)", async (_name, invoke, call, path) => {
    setSwitch(call, { status: 503 });
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.unavailable");
    setSwitch(call, { malformed: true });
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.invalidResponse");
    setSwitch(call, { latencyMs: 400 });
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.timeout");
    clearSwitches();
    mockServer.use(http.get(`${api}${path}`, () => HttpResponse.error()));
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.network");
  });

  it("turns an offers answer missing a field into 'recharge:offers.error' and logs the field", async () => {
    const log = captureLog();
    mockServer.use(http.get(`${api}/app/ofertas`, () => HttpResponse.json({ response: { lista: [{ nombre: "Bait 50" }] } })));
    expect(errorOf(await getOffers("general"))).toMatchObject({ kind: "invalidResponse", messageKey: "recharge:offers.error" });
    expect(log.entries).toContainEqual(expect.objectContaining({ call: "conn.offers.general", msg: "respuesta inválida", field: expect.stringMatching(/^response\.lista\.0\./) }));
  });

  it("turns an offers answer with success false into 'recharge:offers.error' with the upstream's text", async () => {
    mockServer.use(http.get(`${api}/app/ofertas`, () => HttpResponse.json({ success: false, mensaje: "Sin ofertas", response: { lista: [] } })));
    expect(errorOf(await getOffers("general"))).toMatchObject({ messageKey: "recharge:offers.error", upstreamMessage: "Sin ofertas" });
  });
});
