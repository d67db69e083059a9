import { randomUUID } from "node:crypto";
import forge from "node-forge";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { DECLINED_MESSAGE, PAYPAL_NOT_APPROVED } from "../../mocks/handlers/payments";
import { mockServer } from "../../mocks/node";
import { forgetMockKeys } from "../../mocks/payments-keys";
import { issueCardToken, paypalApprovalPage } from "../../mocks/provider-pages";
import { useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { resetWorld, world } from "../../mocks/world";
import { resetSales, sales } from "../../mocks/world-sales";
import catalogue from "../../locales/es-MX/payment.json";
import { POSTAL_CODE_FAILED } from "./addresses.server";
import { seal } from "./crypto.server";
import { esimKeys } from "./esim.server";
import type { UpstreamResult } from "./http.server";
import { buildChargeData, charge, type Card, type ChargeInput, type Sale } from "./payments/charge.server";
import { createPaypalOrder } from "./payments/paypal.server";
import { getPaymentsHostKey, setUpPaymentPlugin, type PluginSetup } from "./payments/plugin.server";
import { cancelRecurrence, deactivateRecurrence, listActiveRecurrences, modifyRecurrence, searchRecurrences, setRecurrenceState } from "./payments/recurrence.server";
import { paymentKeys } from "./payments/results.server";

const base = "https://payments.upstream.mock";
useMockUpstream();

const ana = { store: "bait-web", channel: "general" as const, phone: "5512345678", price: 100, email: "demo.mbb@example.com" };

async function setup(): Promise<PluginSetup> {
  const result = await setUpPaymentPlugin(ana);
  if (!result.ok) throw result.error;
  return result.data;
}

const holder = { firstName: "Ana", lastName: "Pérez" };
const billing = { address: "Av. Juárez 100", colonia: "Juárez", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" };
const cardFor = (number: string, overrides: Partial<Card> = {}): Card => ({
  number,
  month: "12",
  year: String(new Date().getFullYear() + 2),
  cvv: number.length === 15 ? "1234" : "123",
  ...overrides,
});
const anasSale: Sale = {
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
};

/** A charge the server seals (the no-JavaScript path), with a fresh idempotency key. */
const chargeInput = (plugin: PluginSetup, cardNumber: string, overrides: Partial<ChargeInput> = {}): ChargeInput => ({
  setup: plugin,
  data: buildChargeData(holder, billing, cardFor(cardNumber)),
  sale: anasSale,
  idempotencyKey: randomUUID(),
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
    const expired = buildChargeData(holder, billing, cardFor("4111111111111111", { year: String(new Date().getFullYear() - 1) }));
    expect(keyOf(await charge(chargeInput(plugin, "", { data: expired })))).toBe("payment:payment.failed");
    const amexShortCvv = buildChargeData(holder, billing, cardFor("378282246310005", { cvv: "123" }));
    const result = await charge(chargeInput(plugin, "", { data: amexShortCvv }));
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

describe("the charge's input: sealed here, sealed in the browser, or paid by a token", () => {
  it("builds `data` with the card, and without it (blank address, colonia '00') for a token payment", () => {
    expect(buildChargeData(holder, billing, cardFor("4111111111111111", { year: "2030" }))).toEqual({
      divisa: "MXN",
      nombre: "Ana",
      apellido: "Pérez",
      direccion: "Av. Juárez 100",
      colonia: "Juárez",
      codigoPostal: "06600",
      ciudad: "Ciudad de México",
      estado: "Ciudad de México",
      pais: "México",
      tarjeta: { numero: "4111111111111111", mes: "12", anio: "2030", clave: "123" },
    });
    const forToken = buildChargeData(undefined, undefined);
    expect(forToken).toEqual({ divisa: "MXN", nombre: "", apellido: "", direccion: "", colonia: "00", codigoPostal: "", ciudad: "", estado: "", pais: "" });
    expect("tarjeta" in forToken).toBe(false);
  });

  it.each([
    ["4111111111111111", "ok", null],
    ["4000000000000002", "payment:payment.failed", DECLINED_MESSAGE],
  ])("relays data sealed in the browser with the provider's key as is: %s → %s", async (number, key, message) => {
    const plugin = await setup();
    // What the browser does: seal the whole `data` object for `proveedor.publico`.
    const sealed = seal(buildChargeData(holder, billing, cardFor(number)), plugin.provider.publicKey);
    if (!sealed.ok) throw new Error(sealed.reason);
    const result = await charge({ setup: plugin, sealedData: sealed.value.envelope, sale: anasSale, idempotencyKey: randomUUID() });
    expect(keyOf(result)).toBe(key);
    if (!result.ok) expect(result.error.upstreamMessage).toBe(message);
    expect(sales.charges).toMatchObject([{ approved: key === "ok", phone: "5512345678", amount: 10000 }]);
  });

  it("refuses, without calling anyone, both data and sealedData, nothing to pay with, a malformed envelope, a bad card or no idempotency key", async () => {
    const plugin = await setup();
    const sealed = seal(buildChargeData(holder, billing, cardFor("4111111111111111")), plugin.provider.publicKey);
    if (!sealed.ok) throw new Error(sealed.reason);
    const base = chargeInput(plugin, "4111111111111111");
    const attempts: ChargeInput[] = [
      { ...base, sealedData: sealed.value.envelope },
      { ...base, data: undefined },
      { ...base, data: undefined, sealedData: { ...sealed.value.envelope, key: "¿no es base64?" } },
      { ...base, data: buildChargeData(holder, billing, cardFor("41111")) },
      { ...base, data: buildChargeData({ firstName: "", lastName: "" }, billing, cardFor("4111111111111111")) },
      { ...base, idempotencyKey: " " },
    ];
    for (const attempt of attempts) {
      const result = await charge(attempt);
      expect(!result.ok && [result.error.kind, result.error.messageKey, result.error.status]).toEqual(["http", "payment:payment.failed", 400]);
    }
    expect(sales.charges).toEqual([]);
  });

  it("charges once per idempotency key: a repeat gets the first answer, one charge, one recharge", async () => {
    const before = world.history.get("5512345678")!.length;
    const plugin = await setup();
    const input = chargeInput(plugin, "4111111111111111");
    const first = await charge(input);
    // The repeat re-seals the same data (new ciphertext): still the same attempt.
    const second = await charge({ ...input });
    expect(first.ok && second.ok && second.data.orderId).toBe(first.ok && first.data.orderId);
    expect(sales.charges).toHaveLength(1);
    expect(world.history.get("5512345678")).toHaveLength(before + 1);
    const another = await charge(chargeInput(plugin, "4111111111111111"));
    expect(another.ok && another.data.orderId).not.toBe(first.ok && first.data.orderId);
    expect(sales.charges).toHaveLength(2);
  });

  it("keeps a decline for its key too: a new card needs a new attempt", async () => {
    const plugin = await setup();
    const idempotencyKey = randomUUID();
    expect(keyOf(await charge(chargeInput(plugin, "4000000000000002", { idempotencyKey })))).toBe("payment:payment.failed");
    // The same key with another sale is another request: refused, never charged.
    const clash = await charge(chargeInput(plugin, "4111111111111111", { idempotencyKey, sale: { ...anasSale, uuid: "venta-2" } }));
    expect(!clash.ok && clash.error.status).toBe(409);
    expect(keyOf(await charge(chargeInput(plugin, "4111111111111111")))).toBe("ok");
    expect(sales.charges.map((entry) => entry.approved)).toEqual([false, true]);
  });

  it("records a SIM sold with shipping as a shipment to its postal code, and touches no line", async () => {
    const historyBefore = world.history.get("5512345678")!.length;
    const result = await setUpPaymentPlugin({ ...ana, channel: "captacion", price: 150, shippingCost: 99 });
    if (!result.ok) throw result.error;
    const shipping = {
      contactName: "Ana",
      contactLastName: "Pérez",
      phone: "5512345678",
      email: "demo.mbb@example.com",
      street: "Av. Juárez",
      exteriorNumber: "100",
      city: "Ciudad de México",
      postalCode: "06600",
      colonia: "Juárez",
      municipality: "Cuauhtémoc",
      state: "Ciudad de México",
      country: "México",
      cost: 99,
    };
    const paid = await charge(chargeInput(result.data, "5555555555554444", { shipping, sale: { ...anasSale, offerId: "SIM150", price: 150, total: 249 } }));
    expect(keyOf(paid)).toBe("ok");
    expect(sales.simShipments).toMatchObject([{ orderId: paid.ok ? paid.data.orderId : "", postalCode: "06600", offerId: "SIM150", address: { street: "Av. Juárez", exterior: "100", colonia: "Juárez", municipality: "Cuauhtémoc" } }]);
    expect(world.history.get("5512345678")).toHaveLength(historyBefore);
  });
});

describe("the mock plugin picks the provider by the buyer's e-mail", () => {
  it.each([
    ["ana@example.com", "general", "card", 1, true],
    ["ana@example.com", "esim", "card", 1, false],
    ["ana+directo@example.com", "general", "card", 1, false],
    ["ana+iframe@example.com", "general", "hostedCard", 2, true],
    ["Ana+PayPal@example.com", "general", "paypal", 3, true],
  ] as const)("%s on %s → %s (tipo %i), details step %s", async (email, channel, kind, typeCode, detailsStep) => {
    const result = await setUpPaymentPlugin({ ...ana, email, channel });
    if (!result.ok) throw result.error;
    expect(result.data.provider).toMatchObject({ kind, typeCode });
    expect(result.data.config.detailsStep).toBe(detailsStep);
    if (typeCode === 2) expect(result.data.provider.api).toBe("/__mocks/proveedor/campos");
    if (typeCode === 3) expect([result.data.provider.api, result.data.asksAddress]).toEqual(["/__mocks/paypal", false]);
  });
});

describe("paying with the hosted card fields (provider type 2)", () => {
  const tokenFor = (number: string, cvv = "123") => {
    const answer = issueCardToken(JSON.stringify({ holder: "Ana Pérez", number, expiry: `12/${String(new Date().getFullYear() + 2).slice(2)}`, cvv }));
    expect(answer.status).toBe(201);
    return (answer.body as { token: string }).token;
  };

  it("charges a token once: the recharge lands, the token cannot pay again", async () => {
    const before = world.history.get("5512345678")!.length;
    const plugin = (await setUpPaymentPlugin({ ...ana, email: "ana+iframe@example.com" })) as { ok: true; data: PluginSetup };
    const token = tokenFor("4111111111111111");
    const paid = await charge({ setup: plugin.data, token, sale: anasSale, idempotencyKey: randomUUID() });
    expect(keyOf(paid)).toBe("ok");
    expect(world.history.get("5512345678")).toHaveLength(before + 1);
    const again = await charge({ setup: plugin.data, token, holder, billing, sale: anasSale, idempotencyKey: randomUUID() });
    expect(!again.ok && again.error.upstreamMessage).toMatch(/ya se usaron/);
  });

  it("declines the token of the declined demo card, and an unknown token", async () => {
    const plugin = (await setUpPaymentPlugin({ ...ana, email: "ana+iframe@example.com" })) as { ok: true; data: PluginSetup };
    const declined = await charge({ setup: plugin.data, token: tokenFor("4000000000000002"), sale: anasSale, idempotencyKey: randomUUID() });
    expect(!declined.ok && declined.error.upstreamMessage).toBe(DECLINED_MESSAGE);
    const unknown = await charge({ setup: plugin.data, token: "tok_inventado", sale: anasSale, idempotencyKey: randomUUID() });
    expect(!unknown.ok && unknown.error.upstreamMessage).toMatch(/ya no son válidos/);
  });

  it("still takes a card sealed by the checkout itself (type 2 without JavaScript)", async () => {
    const plugin = (await setUpPaymentPlugin({ ...ana, email: "ana+iframe@example.com" })) as { ok: true; data: PluginSetup };
    expect(keyOf(await charge(chargeInput(plugin.data, "4111111111111111")))).toBe("ok");
  });
});

describe("paying with PayPal (provider type 3)", () => {
  async function paypalSetup() {
    const result = await setUpPaymentPlugin({ ...ana, email: "ana+paypal@example.com" });
    if (!result.ok) throw result.error;
    return result.data;
  }
  const orderFor = async (plugin: PluginSetup) => {
    const order = await createPaypalOrder({ setup: plugin, sale: anasSale, returnUrl: "/pago?paso=paypal", cancelUrl: "/pago?paso=cancelado", idempotencyKey: randomUUID() });
    if (!order.ok) throw order.error;
    return order.data;
  };
  const decide = (orderId: string, accion: "aprobar" | "cancelar") => paypalApprovalPage("POST", new URLSearchParams(), new URLSearchParams({ orden: orderId, accion }));

  it("creates an order, the buyer approves it, the charge captures it once", async () => {
    const before = world.history.get("5512345678")!.length;
    const plugin = await paypalSetup();
    const order = await orderFor(plugin);
    expect(order.approvalUrl).toBe(`/__mocks/paypal/aprobar?orden=${order.orderId}`);
    expect(sales.paypalOrders.get(order.orderId)).toMatchObject({ state: "created", amount: 100, description: "Bait 100" });

    const unapproved = await charge({ setup: plugin, token: order.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(!unapproved.ok && unapproved.error.upstreamMessage).toBe(PAYPAL_NOT_APPROVED);

    expect(decide(order.orderId, "aprobar")).toEqual({ status: 303, location: `/pago?paso=paypal&paypal=${order.orderId}` });
    const paid = await charge({ setup: plugin, token: order.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(keyOf(paid)).toBe("ok");
    expect(world.history.get("5512345678")).toHaveLength(before + 1);
    expect(sales.paypalOrders.get(order.orderId)?.state).toBe("captured");

    const twice = await charge({ setup: plugin, token: order.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(!twice.ok && twice.error.upstreamMessage).toBe("Lo sentimos, este pago de PayPal ya se cobró.");
    expect(world.history.get("5512345678")).toHaveLength(before + 1);
  });

  it("refuses a cancelled order, and an order charged for another amount", async () => {
    const plugin = await paypalSetup();
    const cancelled = await orderFor(plugin);
    expect(decide(cancelled.orderId, "cancelar")).toEqual({ status: 303, location: "/pago?paso=cancelado" });
    const refused = await charge({ setup: plugin, token: cancelled.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(!refused.ok && refused.error.upstreamMessage).toBe(PAYPAL_NOT_APPROVED);

    const approved = await orderFor(plugin);
    decide(approved.orderId, "aprobar");
    const other = await charge({ setup: plugin, token: approved.orderId, sale: { ...anasSale, total: 200 }, idempotencyKey: randomUUID() });
    expect(!other.ok && other.error.upstreamMessage).toMatch(/monto no coincide/);
  });

  it("answers the same order for a repeated idempotency key", async () => {
    const plugin = await paypalSetup();
    const input = { setup: plugin, sale: anasSale, returnUrl: "/pago", cancelUrl: "/pago", idempotencyKey: randomUUID() };
    const first = await createPaypalOrder(input);
    const second = await createPaypalOrder(input);
    expect(first.ok && second.ok && first.data.orderId === second.data.orderId).toBe(true);
    expect(sales.paypalOrders.size).toBe(1);
  });

  it("refuses return addresses outside this site", async () => {
    const plugin = await paypalSetup();
    const result = await createPaypalOrder({ setup: plugin, sale: anasSale, returnUrl: "https://otro.example/pago", cancelUrl: "/pago", idempotencyKey: randomUUID() });
    expect(keyOf(result)).toBe("payment:payment.failed");
  });
});

describe("with 1024-bit keys (MOCK_PAYMENTS_KEY_BITS=1024, the spec's default size)", () => {
  afterEach(() => {
    delete process.env.MOCK_PAYMENTS_KEY_BITS;
    forgetMockKeys();
  });

  it("sets up, and charges with data sealed here and in the browser", async () => {
    process.env.MOCK_PAYMENTS_KEY_BITS = "1024";
    forgetMockKeys();
    const plugin = await setup();
    expect(forge.pki.publicKeyFromPem(plugin.provider.publicKey).n.bitLength()).toBe(1024);
    expect(keyOf(await charge(chargeInput(plugin, "378282246310005")))).toBe("ok");
    const sealed = seal(buildChargeData(holder, billing, cardFor("4111111111111111")), plugin.provider.publicKey);
    if (!sealed.ok) throw new Error(sealed.reason);
    expect(keyOf(await charge({ setup: plugin, sealedData: sealed.value.envelope, sale: anasSale, idempotencyKey: randomUUID() }))).toBe("ok");
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
