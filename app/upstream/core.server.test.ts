import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "~/lib/env.server";
import { mockServer } from "../../mocks/node";
import { useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { journey, resetJourney } from "../../mocks/world-journey";
import { resetWorld, world } from "../../mocks/world";
import { changeAreaCode, getAreaCodes } from "./core/area-codes.server";
import { getBillingCatalogue, registerBill } from "./core/billing.server";
import { optInWhatsapp, recordJourneyStep, sendContactLead } from "./core/captacion.server";
import { checkImeiCompatibility, deviceMessageKey, validateImei } from "./core/devices.server";
import { checkServiceProfile, fullIccid, getBaitProfile, getLineProfile, iccidRegistrationEligibility, lineRechargeEligibility, replacementMessageKey, simStatusMessageKey } from "./core/line.server";
import { getRechargeHistory, hasPendingRecharge, startRechargePayment } from "./core/recharges.server";
import { UpstreamRefusal } from "./core/results.server";
import type { UpstreamResult } from "./http.server";

useMockUpstream({ timeoutMs: 8000 });

const quiet = () => vi.spyOn(console, "error").mockImplementation(() => undefined);
function errorOf<T>(result: UpstreamResult<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error;
}
function dataOf<T>(result: UpstreamResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.messageKey}`);
  return result.data;
}

describe("line checks", () => {
  it("reads the profile, status and number of a Bait line", async () => {
    expect(dataOf(await getLineProfile({ type: "dn", identifier: "5545678901" }))).toEqual({ profile: "mbb", status: "suspend", number: "5545678901" });
    expect(dataOf(await getLineProfile({ type: "dn", identifier: "5598765432", view: "basic" }))).toEqual({ profile: "hbb", status: undefined, number: "5598765432" });
  });

  it("finds a SIM by its full ICCID (895214 + the 13 typed digits)", async () => {
    const result = dataOf(await getLineProfile({ type: "iccid", identifier: fullIccid("0000000000013") }));
    expect(result).toEqual({ profile: "hbb", status: "active", number: "5587654321" });
    expect(iccidRegistrationEligibility(result, "hbb")).toEqual({ ok: true });
    expect(iccidRegistrationEligibility(result, "mifi")).toEqual({ ok: false, messageKey: "recharge:iccid.wrongProfile.mifi" });
  });

  it("turns a 412 on the profile check into 'errors:line.notBait'", async () => {
    quiet();
    expect(errorOf(await getLineProfile({ type: "dn", identifier: "5500000000" })).messageKey).toBe("errors:line.notBait");
    expect(errorOf(await getLineProfile({ type: "dn", identifier: "5511111111" })).status).toBe(412);
  });

  it("turns a malformed number's 400 'dn must be 10 digits' into 'errors:line.invalidNumber'", async () => {
    quiet();
    const error = errorOf(await getLineProfile({ type: "dn", identifier: "55123" }));
    expect(error.messageKey).toBe("errors:line.invalidNumber");
    expect(error.upstreamMessage).toBe("dn must be 10 digits");
  });

  it("turns an unknown ICCID into 'errors:iccid.notBait'", async () => {
    quiet();
    expect(errorOf(await getLineProfile({ type: "iccid", identifier: fullIccid("9999999999999") })).messageKey).toBe("errors:iccid.notBait");
  });

  it("maps the other line-number statuses of SPEC §8 (404, 424, 502)", async () => {
    quiet();
    for (const [status, key] of [
      [404, "errors:line.notFound"],
      [424, "errors:line.dependencyFailed"],
      [502, "errors:line.unavailable"],
    ] as const) {
      setSwitch("core.lineProfile", { status });
      expect(errorOf(await getLineProfile({ type: "dn", identifier: "5512345678" })).messageKey).toBe(key);
    }
  });

  it("accepts the legacy recharge check of an active line and refuses with the replacement codes", async () => {
    expect(dataOf(await checkServiceProfile({ number: "5512345678", rechargeType: 1 }))).toEqual({ allowed: true });
    const idle = errorOf(await checkServiceProfile({ number: "5534567890", rechargeType: 1 }));
    expect(idle).toBeInstanceOf(UpstreamRefusal);
    expect(idle).toMatchObject({ messageKey: "recharge:replacement.needsActivation", reason: "3" });
    expect(errorOf(await checkServiceProfile({ number: "5500000000", rechargeType: 1 })).messageKey).toBe("recharge:replacement.wrongType.default");
    expect(errorOf(await checkServiceProfile({ number: "5512345678", rechargeType: 2 })).messageKey).toBe("recharge:replacement.wrongType.hbb");
    expect(errorOf(await checkServiceProfile({ number: "5598765432", rechargeType: 4 })).messageKey).toBe("recharge:replacement.notAssociate");
  });

  it("reads a Bait number's profile code and refuses a number that is not Bait", async () => {
    expect(dataOf(await getBaitProfile("5576543210"))).toEqual({ profile: "mifi", status: "active" });
    expect(errorOf(await getBaitProfile("5500000000"))).toMatchObject({ messageKey: "errors:line.notBait", reason: "notBait" });
  });
});

describe("lineRechargeEligibility", () => {
  it.each([
    ["mbb", "active"],
    ["mbb", "suspend"],
    ["mbb", "predeactivate"],
    ["mifi", "active"],
    ["mifi", "suspend"],
    ["mifi", "predeactivate"],
    ["hbb", "active"],
  ])("lets a %s line in status %s be recharged", (profile, status) => {
    expect(lineRechargeEligibility(profile, status)).toEqual({ ok: true });
  });

  it.each([
    ["mbb", "idle"],
    ["mbb", "barring"],
    ["hbb", "suspend"],
    ["hbb", "predeactivate"],
    ["mifi", "idle"],
  ])("blocks a %s line in status %s with the idle message", (profile, status) => {
    expect(lineRechargeEligibility(profile, status)).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.idle" });
  });

  it("gives the message of the profile being recharged to an incompatible line", () => {
    expect(lineRechargeEligibility("incompatible", "active", "hbb")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.hbb" });
    expect(lineRechargeEligibility("mifi", "incompatible")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.mifi" });
    expect(lineRechargeEligibility("incompatible", "active")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.default" });
  });

  it("refuses a line of another profile than the recharge's, a b2b line and an unknown profile", () => {
    expect(lineRechargeEligibility("mbb", "active", "hbb")).toEqual({ ok: false, messageKey: "recharge:lineNumber.wrongProfile.hbb" });
    expect(lineRechargeEligibility("b2b", "active")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.b2b" });
    expect(lineRechargeEligibility("satelital", "active")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.default" });
  });

  it("names a SIM status message per status and WhatsApp support otherwise", () => {
    expect(simStatusMessageKey("barring")).toBe("recharge:simStatus.barring");
    expect(simStatusMessageKey("robada")).toBe("recharge:simStatus.default");
    expect(simStatusMessageKey(undefined)).toBe("recharge:simStatus.default");
  });

  it("maps the legacy replacement codes -1, 1, 2, 3, 4 and 500", () => {
    expect([-1, 1, 2, 3, 4, 500].map((code) => replacementMessageKey(code))).toEqual([
      "recharge:replacement.notAssociate",
      "recharge:replacement.cannotRecharge",
      "recharge:replacement.notInNetwork",
      "recharge:replacement.needsActivation",
      "recharge:replacement.wrongType.default",
      "recharge:replacement.unavailable",
    ]);
    expect(replacementMessageKey(4, 8)).toBe("recharge:replacement.wrongType.mifi");
  });
});

describe("recharge history and payment start", () => {
  it("lists a line's recharges newest first, in pesos", async () => {
    const history = dataOf(await getRechargeHistory("5512345678"));
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ amount: 150, offeringId: "BAIT150", applied: true, status: "applied" });
    expect(history[1]).toMatchObject({ amount: 100, offeringId: "BAIT100" });
    expect(hasPendingRecharge(history)).toBe(false);
  });

  it("rounds cents to whole pesos", async () => {
    world.history.get("5512345678")![0]!.amount = 9950;
    const history = dataOf(await getRechargeHistory("5512345678"));
    expect(history.at(-1)!.amount).toBe(100);
  });

  it("sees the pending recharge of 5556789012", async () => {
    const history = dataOf(await getRechargeHistory("5556789012", 1));
    expect(history).toHaveLength(1);
    expect(hasPendingRecharge(history)).toBe(true);
  });

  it("turns a 412 on the history into 'recharge:history.lineNotFound', which lets the flow go on", async () => {
    quiet();
    const error = errorOf(await getRechargeHistory("5500000000"));
    expect(error).toMatchObject({ messageKey: "recharge:history.lineNotFound", status: 412 });
  });

  it("opens a secure recharge payment with a keyring and an order id", async () => {
    const started = dataOf(await startRechargePayment({ number: "5512345678", email: "demo.mbb@example.com", offerId: "BAIT150", rechargeType: 1, channel: "general" }));
    expect(started.keyring.length).toBeGreaterThan(10);
    expect(started.orderId).toMatch(/^ORD-/);
    expect(world.history.get("5512345678")).toHaveLength(2);
  });
});

describe("devices", () => {
  it.each([
    ["356938035643809", { supportsEsim: true, network: "compatible" }, "recharge:device.compatible"],
    ["490154203237518", { supportsEsim: false, network: "compatible" }, "recharge:device.noEsim"],
    ["351756051523993", { supportsEsim: false, network: "incompatible" }, "recharge:device.incompatible"],
    ["353322110099885", { supportsEsim: false, network: "vozapp" }, "recharge:device.vozapp"],
  ])("validates IMEI %s", async (imei, expected, key) => {
    const check = dataOf(await validateImei(imei));
    expect(check).toEqual(expected);
    expect(deviceMessageKey(check)).toBe(key);
  });

  it("turns the server-error device's 500 into 'recharge:device.serverError'", async () => {
    quiet();
    expect(errorOf(await validateImei("867530901234565")).messageKey).toBe("recharge:device.serverError");
    expect(errorOf(await checkImeiCompatibility("867530901234565")).messageKey).toBe("recharge:device.serverError");
  });

  it("checks compatibility for the contact flow", async () => {
    expect(dataOf(await checkImeiCompatibility("356938035643809"))).toMatchObject({ compatible: true, supportsEsim: true });
    expect(dataOf(await checkImeiCompatibility("490154203237518"))).toMatchObject({ compatible: true, supportsEsim: false });
    expect(dataOf(await checkImeiCompatibility("351756051523993"))).toMatchObject({ compatible: false });
  });

  it("turns a success: false compatibility answer into a refusal with the upstream's message", async () => {
    mockServer.use(http.post("https://core.upstream.mock/api/core/captacion/imei/verificacion", () => HttpResponse.json({ success: false, mensaje: "IMEI bloqueado" })));
    expect(errorOf(await checkImeiCompatibility("356938035643809"))).toMatchObject({ messageKey: "recharge:device.incompatible", upstreamMessage: "IMEI bloqueado" });
  });
});

describe("area codes", () => {
  it("lists the area codes with their names", async () => {
    const codes = dataOf(await getAreaCodes());
    expect(codes).toContainEqual({ areaCode: "33", name: "Guadalajara", state: "Jalisco" });
  });

  it("moves an active mobile line to another area code, and the world follows", async () => {
    expect(dataOf(await changeAreaCode({ number: "5512345678", areaCode: "33" }))).toEqual({ newNumber: "3312345678" });
    expect(world.lines.get("3312345678")).toMatchObject({ number: "3312345678", profile: "mbb" });
    expect(world.accounts.get("3312345678")).toMatchObject({ name: "Ana" });
    expect(world.lines.has("5512345678")).toBe(false);
  });

  it("refuses a portable-internet line, an idle line and a number that is not Bait", async () => {
    quiet();
    expect(errorOf(await changeAreaCode({ number: "5576543210", areaCode: "33" }))).toMatchObject({ messageKey: "errors:nir.mifi", reason: "mifi" });
    expect(errorOf(await changeAreaCode({ number: "5534567890", areaCode: "33" }))).toMatchObject({ messageKey: "errors:nir.idle" });
    expect(errorOf(await changeAreaCode({ number: "5500000000", areaCode: "33" })).messageKey).toBe("errors:nir.notBait");
  });
});

describe("captación", () => {
  it("records journey steps", async () => {
    expect(dataOf(await recordJourneyStep({ uuid: "abc", event: "imeicompatible", check: true }))).toBeNull();
    expect(journey.journeySteps).toMatchObject([{ uuid: "abc", event: "imeicompatible", check: "true" }]);
  });

  it("saves a WhatsApp lead with its campaign and the Ordaccess / Ordservicio headers", async () => {
    dataOf(await sendContactLead({ name: "Pepe", phone: "5512121212", channel: "whatsapp", campaign: { source: "google", medium: "cpc" } }));
    expect(journey.leads).toMatchObject([{ nombre: "Pepe", telefono: "5512121212", tipo: 2, compatible: true, access: "web", service: "captacion", campania: { source: "google" } }]);
  });

  it("turns an incomplete lead's 400 into 'recharge:lead.invalid'", async () => {
    quiet();
    expect(errorOf(await sendContactLead({ name: "Pepe", phone: "551", channel: "phone" })).messageKey).toBe("recharge:lead.invalid");
  });

  it("subscribes a Bait number to WhatsApp", async () => {
    dataOf(await optInWhatsapp("5512345678"));
    expect(journey.whatsappOptIns.has("5512345678")).toBe(true);
  });
});

describe("billing", () => {
  it("reads the SAT catalogues", async () => {
    expect(dataOf(await getBillingCatalogue("taxRegimes")).map((entry) => entry.id)).toEqual(["601", "605", "612", "616", "626"]);
    expect(dataOf(await getBillingCatalogue("cfdiUses")).map((entry) => entry.id)).toEqual(["G01", "G03", "S01"]);
    expect(dataOf(await getBillingCatalogue("paymentForms")).map((entry) => entry.id)).toEqual(["01", "03", "04", "28"]);
    expect(dataOf(await getBillingCatalogue("paymentMethods"))).toContainEqual({ id: "PUE", name: "Pago en una sola exhibición" });
  });

  const bill = {
    number: "5512345678",
    orderId: "ORD-1000-1",
    rfc: "XAXX010101000",
    businessName: "Ana Pérez",
    postalCode: "06600",
    taxRegime: "616",
    cfdiUse: "S01",
    paymentForm: "04",
    paymentMethod: "PUE",
    email: "demo.mbb@example.com",
  };

  it("registers the invoice of a recharge and answers its folio", async () => {
    expect(dataOf(await registerBill(bill)).folio).toMatch(/^F-/);
    expect(journey.bills).toHaveLength(1);
  });

  it("turns a bad RFC into 'recharge:billing.invalid' and an unknown order into 'recharge:billing.orderNotFound'", async () => {
    quiet();
    expect(errorOf(await registerBill({ ...bill, rfc: "NOPE" })).messageKey).toBe("recharge:billing.invalid");
    expect(errorOf(await registerBill({ ...bill, orderId: "ORD-9" })).messageKey).toBe("recharge:billing.orderNotFound");
  });
});

/** Every client, with the call name its handler's switch answers to and its 500 message. */
const clients: [string, () => Promise<UpstreamResult<unknown>>, string][] = [
  ["core.lineProfile", () => getLineProfile({ type: "dn", identifier: "5512345678" }), "errors:line.unavailable"],
  ["core.serviceProfile", () => checkServiceProfile({ number: "5512345678", rechargeType: 1 }), "recharge:replacement.unavailable"],
  ["core.baitProfile", () => getBaitProfile("5512345678"), "errors:line.unavailable"],
  ["core.rechargeHistory", () => getRechargeHistory("5512345678"), "recharge:history.error"],
  ["core.startRechargePayment", () => startRechargePayment({ number: "5512345678", email: "a@b.mx", offerId: "BAIT150", rechargeType: 1, channel: "general" }), "recharge:payment.unavailable"],
  ["core.validateImei", () => validateImei("356938035643809"), "recharge:device.serverError"],
  ["core.imeiCompatibility", () => checkImeiCompatibility("356938035643809"), "recharge:device.serverError"],
  ["core.areaCodes", () => getAreaCodes(), "recharge:areaCode.unavailable"],
  ["core.changeAreaCode", () => changeAreaCode({ number: "5512345678", areaCode: "33" }), "errors:upstream.unavailable"],
  ["core.journeyStep", () => recordJourneyStep({ uuid: "u", event: "bait", check: "true" }), "errors:upstream.unavailable"],
  ["core.contactLead", () => sendContactLead({ name: "Pepe", phone: "5512121212", channel: "phone" }), "recharge:lead.error"],
  ["core.whatsappOptIn", () => optInWhatsapp("5512345678"), "recharge:optIn.error"],
  ["core.billing.taxRegimes", () => getBillingCatalogue("taxRegimes"), "recharge:billing.catalogueError"],
  ["core.billing.registerBill", () => registerBill({ number: "5512345678", orderId: "ORD-1000-1", rfc: "XAXX010101000", businessName: "A", postalCode: "06600", taxRegime: "616", cfdiUse: "S01", paymentForm: "04", paymentMethod: "PUE", email: "a@b.mx" }), "recharge:billing.error"],
];

describe.each(clients)("%s when the upstream fails", (call, invoke, unavailableKey) => {
  beforeEach(() => quiet());

  it("turns a malformed body into 'errors:upstream.invalidResponse'", async () => {
    setSwitch(call, { malformed: true });
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.invalidResponse");
  });

  it("turns a body that breaks the schema into 'errors:upstream.invalidResponse'", async () => {
    mockServer.use(http.all("https://core.upstream.mock/*", () => HttpResponse.json({ data: { profile: 7 }, items: "x", nirs: null, IMEI: 1, success: "yes" })));
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.invalidResponse");
  });

  it(`turns a 500 into '${unavailableKey}'`, async () => {
    setSwitch(call, { status: 500 });
    expect(errorOf(await invoke()).messageKey).toBe(unavailableKey);
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    const saved = env.upstreamTimeoutMs;
    env.upstreamTimeoutMs = 40;
    setSwitch(call, { latencyMs: 250 });
    try {
      expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.timeout");
    } finally {
      env.upstreamTimeoutMs = saved;
    }
  });

  it("turns a network error into the no-connection message", async () => {
    mockServer.use(http.all("https://core.upstream.mock/*", () => HttpResponse.error()));
    expect(errorOf(await invoke()).messageKey).toBe(call === "core.lineProfile" ? "errors:line.noConnection" : "errors:upstream.network");
  });
});

describe("catalogue keys", () => {
  it("every recharge:, errors: and auth: key the core and sso clients name exists in its catalogue", async () => {
    const { readFileSync } = await import("node:fs");
    const catalogues: Record<string, unknown> = {
      recharge: JSON.parse(readFileSync("locales/es-MX/recharge.json", "utf8")),
      errors: JSON.parse(readFileSync("locales/es-MX/errors.json", "utf8")),
      auth: JSON.parse(readFileSync("locales/es-MX/auth.json", "utf8")),
    };
    const { readdirSync } = await import("node:fs");
    const coreFiles = readdirSync("app/upstream/core").filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    const source = [...coreFiles.map((file) => `app/upstream/core/${file}`), "app/upstream/sso.server.ts"].map((file) => readFileSync(file, "utf8")).join("\n");
    const literal = [...source.matchAll(/"((?:recharge|errors|auth):[\w.-]+)"/g)].map((match) => match[1]!);
    const computed = [
      ...(["mbb", "hbb", "mifi", "default"] as const).map((profile) => `recharge:lineNumber.status.incompatible.${profile}`),
      ...(["mbb", "hbb", "mifi"] as const).map((profile) => `recharge:lineNumber.wrongProfile.${profile}`),
      ...["active", "idle", "suspend", "predeactivate", "barring", "incompatible", "x"].map(simStatusMessageKey),
      "recharge:iccid.wrongProfile.hbb",
      "recharge:iccid.wrongProfile.mifi",
      ...[-1, 1, 2, 3, 4, 500].flatMap((code) => [1, 2, 8].map((type) => replacementMessageKey(code, type))),
    ];
    const missing = [...new Set([...literal, ...computed])].filter((key) => {
      const [ns, path] = key.split(":") as [string, string];
      let node: unknown = catalogues[ns];
      for (const part of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
      return typeof node !== "string";
    });
    expect(missing).toEqual([]);
  });
});
