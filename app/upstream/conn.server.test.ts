import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import widgetFile from "../../pages-config/widget.json";
import { mockServer } from "../../mocks/node";
import { setSwitch, clearSwitches } from "../../mocks/switches";
import { resetWorld, world } from "../../mocks/world";
import type { UpstreamResult } from "./http.server";
import { completeRegistration, login, logout, resetPassword, sendRegisterPin, startRecovery, validatePin } from "./conn/access.server";
import { getBalance, getSsoBalance } from "./conn/balance.server";
import { getOffers } from "./conn/offers.server";
import type { ConnOptions } from "./conn/results.server";
import { checkServiceability } from "./conn/serviceability.server";
import { getWidgetContent } from "./conn/widget.server";

const api = "https://conn.upstream.mock/conn/page/api";
const ANA = { profile: "mbb", number: "5512345678" } as const;

beforeAll(() => mockServer.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  resetWorld();
  clearSwitches();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  mockServer.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => mockServer.close());

function data<T>(result: UpstreamResult<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.messageKey}`);
  return result.data;
}
function errorOf<T>(result: UpstreamResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result.error;
}

async function signIn(number = "5512345678", password = "Bait2024!") {
  const outcome = data(await login({ profile: "mbb", number, password }));
  if (outcome.outcome !== "signedIn") throw new Error(`login refused: ${outcome.messageKey}`);
  return outcome;
}

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
  it.each(generic)("the %s call shows the generic upstream messages (SPEC §8 has none of its own)", async (_name, invoke, call, path) => {
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
    mockServer.use(http.get(`${api}/app/ofertas`, () => HttpResponse.json({ response: { lista: [{ nombre: "Bait 50" }] } })));
    expect(errorOf(await getOffers("general"))).toMatchObject({ kind: "invalidResponse", messageKey: "recharge:offers.error" });
    expect(vi.mocked(console.error).mock.calls.flat().join(" ")).toMatch(/conn\.offers\.general: respuesta inválida en «response\.lista\.0\./);
  });

  it("turns an offers answer with success false into 'recharge:offers.error' with the upstream's text", async () => {
    mockServer.use(http.get(`${api}/app/ofertas`, () => HttpResponse.json({ success: false, mensaje: "Sin ofertas", response: { lista: [] } })));
    expect(errorOf(await getOffers("general"))).toMatchObject({ messageKey: "recharge:offers.error", upstreamMessage: "Sin ofertas" });
  });
});

describe("offers", () => {
  it("maps the upstream's offers into the recharge-offer domain", async () => {
    const offers = data(await getOffers("general"));
    expect(offers.find((offer) => offer.offerId === "BAIT150")).toEqual({
      offerId: "BAIT150",
      rechargeName: "Bait 150",
      type: 1,
      price: 150,
      duration: 30,
      validity: "30 días",
      associated: false,
      status: "active",
      imageMobile: "/images/offers/traditionals-mobile.svg",
      imageDesktop: "/images/offers/traditionals-desktop.svg",
      includeMessage: "Incluye minutos y SMS ilimitados a México, EUA y Canadá",
      enjoyMessage: "Disfruta WhatsApp, Facebook, Instagram, X y TikTok sin gastar tus datos de navegación",
      register: false,
      mbNavigation: 6144,
      mbSocialNetworks: 0,
    });
    expect(new Set(offers.map((offer) => offer.type))).toEqual(new Set([1, 3, 5, 6, 7, 8, 9]));
    expect(offers.find((offer) => offer.offerId === "BAIT30")?.status).toBe("inactive");
  });

  it("serves home-internet offers on ofertasHBB and associates' offers on ofertasSams", async () => {
    expect(data(await getOffers("hbb")).every((offer) => offer.type === 2)).toBe(true);
    const associates = data(await getOffers("sams"));
    expect(associates.length).toBeGreaterThan(0);
    expect(associates.every((offer) => offer.type === 4 && offer.associated && offer.register)).toBe(true);
  });
});

describe("balance", () => {
  it("loads the balance of a logged-in line with its access token, item names in English", async () => {
    const { tokens } = await signIn();
    const balance = data(await getBalance(tokens.access));
    expect(balance.items.map((item) => item.name)).toEqual(["normalDataSpeed", "internationalData", "minutesUsed", "messaggesUsed"]);
    expect(balance.items[0]).toEqual({ name: "normalDataSpeed", mbTotal: 6144, mbUsed: 2150, mbAvailable: 3994, minAvailable: 0, minUsed: 0, smsAvailable: 0, smsUsed: 0 });
    expect(balance.items.find((item) => item.name === "minutesUsed")).toMatchObject({ minAvailable: 4863, minUsed: 137 });
    expect(balance.nextRecharge).toBe(world.balances.get("5512345678")?.nextRecharge);
    expect(balance.offerings[0]?.offeringId).toBe("BAIT150");
    expect(balance.unlimited).toBe(false);
  });

  it("turns an unknown token into 'errors:upstream.unauthorized' so the app can end the session", async () => {
    expect(errorOf(await getBalance("mock-not-a-session"))).toMatchObject({ status: 401, messageKey: "errors:upstream.unauthorized" });
  });

  it("leaves out a consumption item it does not know instead of failing", async () => {
    mockServer.use(
      http.post(`${api}/app/consumoV3`, () =>
        HttpResponse.json({ success: true, consumo: [{ nombre: "datosNuevos", mb_totales: 1 }, { nombre: "sms", sms_disponibles: "10", sms_usados: 2 }] }),
      ),
    );
    const balance = data(await getBalance("t"));
    expect(balance.items).toEqual([{ name: "messaggesUsed", mbUsed: 0, mbTotal: 0, mbAvailable: 0, minAvailable: 0, minUsed: 0, smsAvailable: 10, smsUsed: 2 }]);
  });

  it("loads an SSO line's balance with the bearer token and the number, and refuses another number", async () => {
    const { tokens } = await signIn();
    expect(data(await getSsoBalance("5512345678", tokens.access)).items.length).toBeGreaterThan(0);
    expect(errorOf(await getSsoBalance("5545678901", tokens.access)).messageKey).toBe("errors:upstream.unauthorized");
  });

  it("has no minutes or SMS for a home-internet line", async () => {
    const outcome = data(await login({ profile: "hbb", number: "5598765432", password: "Bait2024!" }));
    if (outcome.outcome !== "signedIn") throw new Error("refused");
    const names = data(await getBalance(outcome.tokens.access)).items.map((item) => item.name);
    expect(names).toEqual(["normalDataSpeed"]);
  });
});

describe("login and logout", () => {
  it("signs Ana in with her password and returns her user data and access token", async () => {
    const { user, tokens } = await signIn();
    expect(user).toEqual({ name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: false });
    expect(world.sessions.get(tokens.access)).toBe("5512345678");
  });

  it("refuses a wrong password with the server's message", async () => {
    expect(data(await login({ ...ANA, password: "Otra2024!" }))).toEqual({
      outcome: "refused",
      messageKey: "auth:login.validationFailed",
      upstreamMessage: "El número o la contraseña son incorrectos.",
    });
  });

  it("signs in a home-internet line with its service number and contact phone", async () => {
    const outcome = data(await login({ profile: "hbb", number: "5598765432", password: "Bait2024!" }));
    expect(outcome).toMatchObject({ outcome: "signedIn", user: { number: "5511112222", serviceNumber: "5598765432", userType: 2 } });
  });

  it("signs in a portable-internet line on the mifi endpoint", async () => {
    const outcome = data(await login({ profile: "mifi", number: "5576543210", password: "Bait2024!" }));
    expect(outcome).toMatchObject({ outcome: "signedIn", user: { serviceNumber: "5576543210", userType: 3 } });
  });

  it("turns a service number typed on the wrong line type into 'errors:loginByType.<chosen type>'", async () => {
    expect(data(await login({ profile: "mbb", number: "5598765432", password: "Bait2024!" }))).toMatchObject({ outcome: "refused", messageKey: "errors:loginByType.mbb" });
    expect(data(await login({ profile: "mifi", number: "5512345678", password: "Bait2024!" }))).toMatchObject({ outcome: "refused", messageKey: "errors:loginByType.mifi" });
  });

  it("turns a login answer without user data into 'auth:login.accountLoadFailed'", async () => {
    mockServer.use(http.post(`${api}/bait/api/aplicacion/acceso`, () => HttpResponse.json({ success: true, access: "t" })));
    expect(errorOf(await login({ ...ANA, password: "Bait2024!" }))).toMatchObject({ kind: "invalidResponse", messageKey: "auth:login.accountLoadFailed" });
  });

  it("ends the token at logout: the balance then answers 'session expired'", async () => {
    const { tokens } = await signIn();
    expect(data(await logout({ ...ANA, access: tokens.access }))).toEqual({ outcome: "signedOut" });
    expect(errorOf(await getBalance(tokens.access)).messageKey).toBe("errors:upstream.unauthorized");
  });
});

describe("password recovery", () => {
  it("answers code 0 for a line without an account: 'auth:recovery.notRegistered'", async () => {
    expect(data(await startRecovery({ profile: "mbb", number: "5523456789" }))).toEqual({ outcome: "notRegistered", messageKey: "auth:recovery.notRegistered" });
    expect(data(await startRecovery({ profile: "mbb", number: "5500000000" }))).toMatchObject({ outcome: "notRegistered" });
  });

  it("answers the unlock date for a locked-out line", async () => {
    const outcome = data(await startRecovery({ profile: "mbb", number: "5566666666" }));
    expect(outcome).toMatchObject({ outcome: "locked", messageKey: "auth:recovery.locked" });
    if (outcome.outcome === "locked") expect(Date.parse(outcome.unlockDate)).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
  });

  it("sends a code for a home-internet line when the contact phone matches, and refuses another phone", async () => {
    expect(data(await startRecovery({ profile: "hbb", serviceNumber: "5598765432", phone: "5511112222" }))).toMatchObject({ outcome: "codeSent" });
    expect(data(await startRecovery({ profile: "hbb", serviceNumber: "5598765432", phone: "5599999999" }))).toMatchObject({
      outcome: "refused",
      messageKey: "auth:recovery.dataMismatch",
    });
    expect(data(await startRecovery({ profile: "mifi", serviceNumber: "5576543210", phone: "5533334444" }))).toMatchObject({ outcome: "codeSent" });
  });

  it("shows 'auth:recovery.wrongPin' for a wrong code and locks the line after three", async () => {
    expect(data(await validatePin(ANA, "0000", "recovery"))).toEqual({ outcome: "wrongPin", messageKey: "auth:recovery.wrongPin", attemptsRemaining: 2 });
    await validatePin(ANA, "0000", "recovery");
    expect(data(await validatePin(ANA, "0000", "recovery"))).toMatchObject({ outcome: "locked", messageKey: "auth:recovery.locked" });
    expect(data(await validatePin(ANA, "1234", "recovery"))).toMatchObject({ outcome: "locked" });
    expect(data(await startRecovery(ANA))).toMatchObject({ outcome: "locked" });
  });

  it("refuses a new password without a verified code: 'auth:recovery.sessionError'", async () => {
    expect(data(await resetPassword(ANA, "Nueva2024!", "not-a-uuid"))).toMatchObject({ outcome: "refused", messageKey: "auth:recovery.sessionError" });
    expect(world.accounts.get("5512345678")?.password).toBe("Bait2024!");
  });
});

describe("legacy registration", () => {
  it("registers 5523456789: code, verification, account; then login works", async () => {
    const line = { profile: "mbb", number: "5523456789" } as const;
    expect(data(await sendRegisterPin(line, undefined))).toEqual({ outcome: "codeSent" });
    const pin = data(await validatePin(line, "1234", "register"));
    if (pin.outcome !== "verified") throw new Error("not verified");
    const input = { line, uuid: pin.uuid, name: "Beto", email: "beto@example.com", password: "Beto2024!", allowNotifications: true };
    expect(data(await completeRegistration(input))).toEqual({ outcome: "registered" });
    expect(data(await login({ profile: "mbb", number: "5523456789", password: "Beto2024!" }))).toMatchObject({ outcome: "signedIn", user: { name: "Beto" } });
  });

  it("registers the home-internet line 5587654321 through its contact phone", async () => {
    const line = { profile: "hbb", serviceNumber: "5587654321", phone: "5522223333" } as const;
    expect(data(await sendRegisterPin(line, "casa@example.com"))).toEqual({ outcome: "codeSent" });
    const pin = data(await validatePin(line, "1234", "register"));
    if (pin.outcome !== "verified") throw new Error("not verified");
    expect(data(await completeRegistration({ line, uuid: pin.uuid, name: "Casa", email: "casa@example.com", password: "Casa2024!", allowNotifications: false }))).toEqual({
      outcome: "registered",
    });
  });

  it("sends an already-registered line to recovery: 'auth:register.alreadyRegistered'", async () => {
    expect(data(await sendRegisterPin(ANA, undefined))).toEqual({ outcome: "alreadyRegistered", messageKey: "auth:register.alreadyRegistered" });
  });

  it("shows 'errors:otp.default' for a wrong registration code", async () => {
    expect(data(await validatePin({ profile: "mbb", number: "5523456789" }, "9999", "register"))).toMatchObject({ outcome: "wrongPin", messageKey: "errors:otp.default" });
  });

  it("refuses a number that is not Bait with the per-type message", async () => {
    expect(data(await sendRegisterPin({ profile: "mbb", number: "5500000000" }, undefined))).toMatchObject({ outcome: "refused", messageKey: "auth:register.notBait.mbb" });
  });

  it("refuses to complete a registration without a verified code", async () => {
    const input = { line: { profile: "mbb", number: "5523456789" } as const, uuid: "nope", name: "Beto", email: "b@example.com", password: "Beto2024!", allowNotifications: false };
    expect(data(await completeRegistration(input))).toMatchObject({ outcome: "refused", messageKey: "auth:completeRegistration.failed" });
  });
});

describe("widget CDN and serviceability", () => {
  it("loads the discovery widget's content (sent with hide: true)", async () => {
    const widget = data(await getWidgetContent());
    expect(widget.version).toBe(widgetFile.version);
    expect(widget.service_order).toEqual(widgetFile.service_order);
  });

  it("answers coverage by postal code: 06600 yes with a location, 99999 no", async () => {
    expect(data(await checkServiceability("Calle Londres 10, Juárez, 06600, CDMX"))).toMatchObject({ hasCoverage: true, location: { latitude: 19.427 } });
    expect(data(await checkServiceability("99999"))).toEqual({ address: "99999", hasCoverage: false });
  });
});

describe("a customer's walk through the legacy account", () => {
  it("logs in, loads the balance, recovers the password with 1234, logs in with the new one; the old one fails", async () => {
    const { tokens } = await signIn("5512345678", "Bait2024!");
    expect(data(await getBalance(tokens.access)).items[0]?.name).toBe("normalDataSpeed");

    expect(data(await startRecovery(ANA))).toMatchObject({ outcome: "codeSent" });
    const pin = data(await validatePin(ANA, "1234", "recovery"));
    if (pin.outcome !== "verified") throw new Error("not verified");
    expect(data(await resetPassword(ANA, "Nueva2024!", pin.uuid))).toEqual({ outcome: "changed" });
    // The verification is spent: it cannot change the password twice.
    expect(data(await resetPassword(ANA, "Otra2024!", pin.uuid))).toMatchObject({ outcome: "refused" });

    expect(data(await login({ ...ANA, password: "Nueva2024!" }))).toMatchObject({ outcome: "signedIn", user: { name: "Ana" } });
    expect(data(await login({ ...ANA, password: "Bait2024!" }))).toMatchObject({ outcome: "refused", messageKey: "auth:login.validationFailed" });
  });
});
