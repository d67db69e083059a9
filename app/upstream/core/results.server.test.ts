import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { shortUpstreamTimeout, useMockUpstream } from "../../../mocks/test-support";
import { setSwitch } from "../../../mocks/switches";
import { changeAreaCode, getAreaCodes } from "./area-codes.server";
import { getBillingCatalogue, registerBill } from "./billing.server";
import { optInWhatsapp, recordJourneyStep, sendContactLead } from "./captacion.server";
import { checkImeiCompatibility, validateImei } from "./devices.server";
import { simStatusMessageKey } from "~/features/line/line";
import { checkServiceProfile, getBaitProfile, getLineProfile, replacementMessageKey } from "./line.server";
import { getRechargeHistory, startRechargePayment } from "./recharges.server";
import type { UpstreamResult } from "../http.server";
import { errorOf, quiet } from "./fixtures.test-helpers";

useMockUpstream({ timeoutMs: 8000 });

/** Every client, with the call name its handler's switch answers to and its 500 message. */
const clients: [string, () => Promise<UpstreamResult<unknown>>, string][] = [
  ["core.lineProfile", () => getLineProfile({ type: "dn", identifier: "5512345678" }), "errors:line.unavailable"],
  ["core.serviceProfile", () => checkServiceProfile({ number: "5512345678", rechargeType: 1 }), "recharge:replacement.unavailable"],
  ["core.baitProfile", () => getBaitProfile("5512345678"), "errors:line.unavailable"],
  ["core.rechargeHistory", () => getRechargeHistory("5512345678"), "recharge:history.error"],
  ["core.startRechargePayment", () => startRechargePayment({ number: "5512345678", email: "a@b.mx", offerId: "BAIT150", rechargeType: 1, channel: "general" }), "recharge:payment.unavailable"],
  ["core.validateImei", () => validateImei("356938035643809"), "esim:device.serverError"],
  ["core.imeiCompatibility", () => checkImeiCompatibility("356938035643809"), "esim:device.serverError"],
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
    shortUpstreamTimeout(40);
    setSwitch(call, { latencyMs: 250 });
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.timeout");
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
    const source = [...coreFiles.map((file) => `app/upstream/core/${file}`), "app/upstream/sso.server.ts", "app/features/line/line.ts"].map((file) => readFileSync(file, "utf8")).join("\n");
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
