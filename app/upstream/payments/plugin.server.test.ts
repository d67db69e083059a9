import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { useMockUpstream } from "../../../mocks/test-support";
import { getPaymentsHostKey, setUpPaymentPlugin } from "./plugin.server";
import { ana, base, keyOf, setup } from "./fixtures.test-helpers";

useMockUpstream();

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
