import { randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { shortUpstreamTimeout, useMockUpstream } from "../../../mocks/test-support";
import { setSwitch } from "../../../mocks/switches";
import { world } from "../../../mocks/world";
import catalogue from "../../../locales/es-MX/payment.json";
import { POSTAL_CODE_FAILED } from "../addresses.server";
import { esimKeys } from "../esim.server";
import type { UpstreamResult } from "../http.server";
import { charge } from "./charge.server";
import { createPaypalOrder } from "./paypal.server";
import { getPaymentsHostKey, setUpPaymentPlugin } from "./plugin.server";
import { cancelRecurrence, deactivateRecurrence, listActiveRecurrences, modifyRecurrence, searchRecurrences, setRecurrenceState } from "./recurrence.server";
import { paymentKeys } from "./results.server";
import { ana, base, chargeInput, keyOf, setup } from "./fixtures.test-helpers";

useMockUpstream();

const anasRecurrence = () => [...world.recurrences.values()].find((recurrence) => recurrence.number === "5512345678")!;

type Case = { call: string; url: string; invoke: () => Promise<UpstreamResult<unknown>>; failKey: string; timeoutKey: string; networkKey: string; latencyMs: number };
const id = () => anasRecurrence().uuid;
const cases: Case[] = [
  { call: "payments.hostKey", url: `${base}/servicio/angular/llave`, invoke: getPaymentsHostKey, failKey: "payment:payment.setupFailed", timeoutKey: "errors:upstream.timeout", networkKey: "errors:upstream.network", latencyMs: 400 },
  { call: "payments.plugin", url: `${base}/servicio/angular/plugin`, invoke: () => setUpPaymentPlugin(ana), failKey: "payment:payment.setupFailed", timeoutKey: "errors:upstream.timeout", networkKey: "errors:upstream.network", latencyMs: 400 },
  {
    call: "payments.charge",
    url: `${base}/servicio/angular/:channel/:type/cobrar`,
    invoke: async () => charge(chargeInput(await setup(), "4111111111111111")),
    failKey: "payment:payment.failed",
    timeoutKey: "payment:payment.outcomeUnknown",
    networkKey: "payment:payment.outcomeUnknown",
    latencyMs: 700,
  },
  {
    call: "payments.paypalOrder",
    url: `${base}/servicio/angular/:channel/3/orden`,
    invoke: async () => {
      const plugin = await setUpPaymentPlugin({ ...ana, email: "ana+paypal@example.com" });
      if (!plugin.ok) throw plugin.error;
      return createPaypalOrder({ setup: plugin.data, sale: chargeInput(plugin.data, "").sale, returnUrl: "/pago", cancelUrl: "/pago", idempotencyKey: randomUUID() });
    },
    failKey: "payment:payment.failed",
    timeoutKey: "errors:upstream.timeout",
    networkKey: "errors:upstream.network",
    latencyMs: 400,
  },
  ...[
    ["payments.activeRecurrences", `${base}/v2/servicio/:uuid/recurrencia/activas`, () => listActiveRecurrences("s", { baitNumber: "5512345678" })],
    ["payments.deactivateRecurrence", `${base}/v2/servicio/:uuid/recurrencia/desactivar`, () => deactivateRecurrence("s", id())],
    ["payments.recurrenceState", `${base}/v2/service/recurrence/:r/:o/:re/:c`, () => setRecurrenceState(id(), "deactivate", "cliente", "web")],
    ["payments.searchRecurrences", `${base}/v2/service/store/:store/recurrence/search/:criterion`, () => searchRecurrences("bait-web", "correo", "demo.mbb@example.com")],
    ["payments.modifyRecurrence", `${base}/v2/service/recurrence/:r/modify`, () => modifyRecurrence(id(), { nextChargeDate: "2030-01-01", offerId: "BAIT100", email: "a@b.mx", lineCategory: "mbb", price: 100 })],
    ["payments.cancelRecurrence", `${base}/v2/service/recurrence/:r/cancel`, () => cancelRecurrence(id())],
  ].map(([call, url, invoke]) => ({
    call: call as string,
    url: url as string,
    invoke: invoke as Case["invoke"],
    failKey: "payment:recurring.failed",
    timeoutKey: "errors:upstream.timeout",
    networkKey: "errors:upstream.network",
    latencyMs: 400,
  })),
];

describe.each(cases)("$call never throws", ({ call, url, invoke, failKey, timeoutKey, networkKey, latencyMs }) => {
  it(`answers ok against the mock world`, async () => {
    expect(keyOf(await invoke())).toBe("ok");
  });
  it(`turns a malformed answer into '${failKey}'`, async () => {
    setSwitch(call, { malformed: true });
    expect(keyOf(await invoke())).toBe(failKey);
  });
  it(`turns an answer of the wrong shape into '${failKey}'`, async () => {
    mockServer.use(http.all(url, () => HttpResponse.json({ success: "sí" })));
    expect(keyOf(await invoke())).toBe(failKey);
  });
  it(`turns a 500 into '${failKey}'`, async () => {
    setSwitch(call, { status: 500 });
    expect(keyOf(await invoke())).toBe(failKey);
  });
  it(`turns a timeout into '${timeoutKey}'`, async () => {
    shortUpstreamTimeout();
    setSwitch(call, { latencyMs });
    expect(keyOf(await invoke())).toBe(timeoutKey);
  });
  it(`turns a network error into '${networkKey}'`, async () => {
    mockServer.use(http.all(url, () => HttpResponse.error()));
    expect(keyOf(await invoke())).toBe(networkKey);
  });
});

describe("catalogue", () => {
  it("has a Spanish text for every payment: key the payments, eSIM and addresses clients hand out", () => {
    const keys = [...Object.values(paymentKeys), ...Object.values(esimKeys), POSTAL_CODE_FAILED].filter((key) => key.startsWith("payment:"));
    for (const key of keys) {
      const text = key
        .slice("payment:".length)
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
      expect(typeof text, key).toBe("string");
    }
  });

  it("keeps the spec's texts verbatim", () => {
    expect(catalogue.payment.failed).toBe("Lo sentimos, se ha tenido un problema al procesar tu pago.");
    expect(catalogue.payment.processing).toBe("Se esta procesando tu pago");
    expect(catalogue.validation.privacyRequired).toBe("Lo sentimos, no has aceptado nuestro aviso de privacidad.");
    expect(Object.values(catalogue.validation).every((text) => text.startsWith("Lo sentimos, "))).toBe(true);
  });
});
