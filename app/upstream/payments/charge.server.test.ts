import { randomUUID } from "node:crypto";
import forge from "node-forge";
import { afterEach, describe, expect, it } from "vitest";
import { DECLINED_MESSAGE } from "../../../mocks/handlers/payments";
import { forgetMockKeys } from "../../../mocks/payments-keys";
import { issueCardToken } from "../../../mocks/provider-pages";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { sales } from "../../../mocks/world-sales";
import { seal } from "../crypto.server";
import { buildChargeData, charge, type ChargeInput } from "./charge.server";
import { getPaymentsHostKey, setUpPaymentPlugin, type PluginSetup } from "./plugin.server";
import { ana, anasSale, billing, cardFor, chargeInput, holder, keyOf, setup } from "./fixtures.test-helpers";

useMockUpstream();

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
