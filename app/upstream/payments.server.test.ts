import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../mocks/node";
import { useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { resetWorld, world } from "../../mocks/world";
import { resetSales, sales } from "../../mocks/world-sales";
import catalogue from "../../locales/es-MX/payment.json";
import { POSTAL_CODE_FAILED } from "./addresses.server";
import { esimKeys } from "./esim.server";
import type { UpstreamResult } from "./http.server";
import {
  cancelRecurrence,
  charge,
  deactivateRecurrence,
  getPaymentsHostKey,
  listActiveRecurrences,
  modifyRecurrence,
  searchRecurrences,
  setRecurrenceState,
  setUpPaymentPlugin,
  paymentKeys,
  type ChargeInput,
  type PluginSetup,
} from "./payments.server";

const base = "https://payments.upstream.mock";
useMockUpstream();

const ana = { store: "bait-web", channel: "general" as const, phone: "5512345678", price: 100, email: "demo.mbb@example.com" };

async function setup(): Promise<PluginSetup> {
  const result = await setUpPaymentPlugin(ana);
  if (!result.ok) throw result.error;
  return result.data;
}

const chargeInput = (plugin: PluginSetup, cardNumber: string, overrides: Partial<ChargeInput> = {}): ChargeInput => ({
  setup: plugin,
  holder: { firstName: "Ana", lastName: "Pérez" },
  card: { number: cardNumber, month: "12", year: String(new Date().getFullYear() + 2), cvv: cardNumber.length === 15 ? "1234" : "123" },
  billing: { address: "Av. Juárez 100", colonia: "Juárez", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" },
  sale: {
    uuid: "venta-1",
    price: 100,
    total: 100,
    validity: "15 días",
    phone: "5512345678",
    name: "Ana",
    email: "demo.mbb@example.com",
    description: "Bait 100",
    offerId: "BAIT100",
    lineCategory: "mbb",
  },
  ...overrides,
});

const anasRecurrence = () => [...world.recurrences.values()].find((recurrence) => recurrence.number === "5512345678")!;
const keyOf = (result: UpstreamResult<unknown>) => (result.ok ? "ok" : result.error.messageKey);

describe("payment plugin set-up", () => {
  it("hands out the payments host's public key", async () => {
    const result = await getPaymentsHostKey();
    expect(result.ok && result.data).toMatch(/BEGIN PUBLIC KEY/);
  });

  it("opens the sealed answer into the provider, its public key and the plugin's configuration", async () => {
    const plugin = await setup();
    expect(plugin.client).toEqual({ channel: "general", store: "bait-web" });
    expect(plugin.provider).toMatchObject({ kind: "card", typeCode: 1 });
    expect(plugin.provider.publicKey).toMatch(/BEGIN PUBLIC KEY/);
    expect(plugin.config.legal.map((legal) => legal.kind)).toEqual(["privacy", "terms"]);
    expect(plugin.config.loaderText).toBe("Cobrando recarga a tu línea Bait");
    expect(plugin.amount).toEqual({ price: 100, shipping: 0, total: 100 });
  });

  it("adds the shipping cost of a SIM to the price it seals", async () => {
    const result = await setUpPaymentPlugin({ ...ana, channel: "captacion", price: 150, shippingCost: 99 });
    expect(result.ok && result.data.amount.total).toBe(249);
  });

  it("turns a refusal (success false) into 'payment:payment.setupFailed' with the upstream's message", async () => {
    mockServer.use(http.post(`${base}/servicio/angular/plugin`, () => HttpResponse.json({ success: false, mensaje: "Tienda no configurada" })));
    const result = await setUpPaymentPlugin(ana);
    expect(!result.ok && [result.error.messageKey, result.error.upstreamMessage]).toEqual(["payment:payment.setupFailed", "Tienda no configurada"]);
  });

  it("turns an answer it cannot decrypt into 'payment:payment.setupFailed'", async () => {
    mockServer.use(http.post(`${base}/servicio/angular/plugin`, () => HttpResponse.json({ success: true, informacion: { iv: "AAAAAAAAAAAAAAAA", tag: "AAAAAAAAAAAAAAAAAAAAAA==", data: "AAAA" } })));
    const result = await setUpPaymentPlugin(ana);
    expect(!result.ok && [result.error.kind, result.error.messageKey]).toEqual(["invalidResponse", "payment:payment.setupFailed"]);
  });

  it("refuses an invalid phone before sealing anything", async () => {
    const result = await setUpPaymentPlugin({ ...ana, phone: "55123" });
    expect(keyOf(result)).toBe("payment:payment.setupFailed");
  });
});

describe("charging a card (the walk: set-up, then charge)", () => {
  it("approves Bait 100 for 5512345678 with 4111111111111111 and the recharge lands in the history and balance", async () => {
    const before = world.history.get("5512345678")!.length;
    const mbBefore = world.balances.get("5512345678")!.mbTotal;
    const plugin = await setup();
    const result = await charge(chargeInput(plugin, "4111111111111111"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.message).toBe("Felicidades, se ha completado tu pago.");
    const history = world.history.get("5512345678")!;
    expect(history).toHaveLength(before + 1);
    expect(history.at(-1)).toMatchObject({ offeringID: "BAIT100", amount: 10000, status: "applied", rechargeApplied: true, orderID: result.data.orderId });
    expect(world.balances.get("5512345678")!.mbTotal).toBe(mbBefore + 3584);
  });

  it("declines 4000000000000002 with 'Lo sentimos, se ha tenido un problema al procesar tu pago.' and leaves the history alone", async () => {
    const before = world.history.get("5512345678")!.length;
    const plugin = await setup();
    const result = await charge(chargeInput(plugin, "4000000000000002"));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.messageKey).toBe("payment:payment.failed");
    expect(result.error.upstreamMessage).toBe("Lo sentimos, se ha tenido un problema al procesar tu pago.");
    expect(world.history.get("5512345678")).toHaveLength(before);
  });

  it.each(["5555555555554444", "2223003122003222", "378282246310005"])("approves the demo card %s", async (number) => {
    const plugin = await setup();
    expect(keyOf(await charge(chargeInput(plugin, number)))).toBe("ok");
  });

  it("declines an unknown card, an expired card and a CVV of the wrong length", async () => {
    const plugin = await setup();
    expect(keyOf(await charge(chargeInput(plugin, "4242424242424242")))).toBe("payment:payment.failed");
    const expired = chargeInput(plugin, "4111111111111111");
    expired.card.year = String(new Date().getFullYear() - 1);
    expect(keyOf(await charge(expired))).toBe("payment:payment.failed");
    const amexShortCvv = chargeInput(plugin, "378282246310005");
    amexShortCvv.card.cvv = "123";
    const result = await charge(amexShortCvv);
    expect(!result.ok && result.error.upstreamMessage).toMatch(/código de seguridad/);
    expect(sales.charges.filter((entry) => !entry.approved)).toHaveLength(3);
  });

  it("schedules a recurrence when the sale asks for one", async () => {
    const plugin = await setup();
    await charge(chargeInput(plugin, "5555555555554444", { recurring: true, sale: { ...chargeInput(plugin, "").sale, offerId: "BAIT200", price: 200, total: 200 } }));
    const created = [...world.recurrences.values()].filter((recurrence) => recurrence.offerId === "BAIT200");
    expect(created).toMatchObject([{ number: "5512345678", status: "active", cardLast: "4444", price: 200 }]);
  });

  it("refuses card data sealed for another key (the provider really decrypts)", async () => {
    const plugin = await setup();
    const hostKey = await getPaymentsHostKey();
    const wrongKey = { ...plugin, provider: { ...plugin.provider, publicKey: hostKey.ok ? hostKey.data : "" } };
    expect(keyOf(await charge(chargeInput(wrongKey, "4111111111111111")))).toBe("payment:payment.failed");
  });
});

describe("recurring recharges", () => {
  it("lists Ana's active recurrence", async () => {
    const result = await listActiveRecurrences("sesion-1", { baitNumber: "5512345678" });
    expect(result.ok && result.data).toMatchObject([{ rechargeName: "Bait 150", price: 150, status: "active", baitNumber: "5512345678", email: "demo.mbb@example.com" }]);
  });

  it("searches by phone and maps cents to pesos and the references to names", async () => {
    const result = await searchRecurrences("bait-web", "telefono", "5512345678");
    expect(result.ok && result.data).toMatchObject([{ amount: 150, number: "5512345678", offerId: "BAIT150", email: "demo.mbb@example.com", lineCategory: "mbb", cardLast: "1111", cancelledAt: null }]);
  });

  it("deactivates, reactivates, modifies (in cents) and cancels", async () => {
    const id = anasRecurrence().uuid;
    expect(keyOf(await deactivateRecurrence("sesion-1", id))).toBe("ok");
    expect(anasRecurrence().status).toBe("inactive");
    expect(keyOf(await setRecurrenceState(id, "activate", "cliente", "web"))).toBe("ok");
    expect(anasRecurrence().status).toBe("active");
    expect(keyOf(await modifyRecurrence(id, { nextChargeDate: "2030-01-01T00:00:00.000Z", offerId: "BAIT200", email: "demo.mbb@example.com", lineCategory: "mbb", price: 200 }))).toBe("ok");
    expect(anasRecurrence()).toMatchObject({ offerId: "BAIT200", price: 200, nextChargeDate: "2030-01-01T00:00:00.000Z" });
    expect(keyOf(await cancelRecurrence(id))).toBe("ok");
    const all = await searchRecurrences("bait-web", "telefono", "5512345678", "todas");
    expect(all.ok && all.data[0]?.cancelledAt).toEqual(expect.any(String));
    const active = await listActiveRecurrences("sesion-1", { baitNumber: "5512345678" });
    expect(active.ok && active.data).toEqual([]);
  });

  it("turns an unknown recurrence into 'payment:recurring.failed' with the upstream's message", async () => {
    const result = await cancelRecurrence("no-existe");
    expect(!result.ok && [result.error.messageKey, result.error.upstreamMessage]).toEqual(["payment:recurring.failed", "No encontramos la recarga recurrente"]);
  });
});

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
    expect(catalogue.esim.limitExceeded).toBe("Lo sentimos, has excedido el número de compras de ESIM por usuario.");
    expect(catalogue.validation.privacyRequired).toBe("Lo sentimos, no has aceptado nuestro aviso de privacidad.");
    expect(Object.values(catalogue.validation).every((text) => text.startsWith("Lo sentimos, "))).toBe(true);
  });
});
