import { randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { env } from "~/lib/env.server";
import { mockServer } from "../../mocks/node";
import { shortUpstreamTimeout, useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { world } from "../../mocks/world";
import { sales } from "../../mocks/world-sales";
import {
  assignEsimSession,
  checkEsimSale,
  getEsimOffers,
  getEsimVisitor,
  requestEsimPayment,
  saveEsimJourney,
  trackEsimStep,
  validateEsimPurchaseLimit,
  type EsimJourneyData,
} from "./esim.server";
import type { UpstreamResult } from "./http.server";
import { buildChargeData, charge } from "./payments/charge.server";
import { setUpPaymentPlugin } from "./payments/plugin.server";

const base = "https://esim.upstream.mock/api/esim/v1/api";
useMockUpstream();

const keyOf = (result: UpstreamResult<unknown>) => (result.ok ? "ok" : result.error.messageKey);
const journey: EsimJourneyData = { imei: "356938035643809", email: "nuevo@example.com", contactNumber: "5523456789", offerId: "ESIM150", isBait: false, proceedToPay: true, portability: false };

async function session(): Promise<string> {
  const result = await assignEsimSession();
  if (!result.ok) throw result.error;
  return result.data;
}

describe("eSIM offers", () => {
  it("lists the eSIMs on sale in the conn offers' domain shape", async () => {
    const result = await getEsimOffers("venta");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.map((offer) => offer.offerId)).toEqual(["ESIM100", "ESIM150", "ESIM200"]);
    expect(result.data[1]).toMatchObject({ rechargeName: expect.any(String), type: 7, price: 150, duration: 30, status: "active", imageMobile: expect.any(String) });
  });

  it("lists the recharges an eSIM line can buy", async () => {
    const result = await getEsimOffers("recarga");
    expect(result.ok && result.data.every((offer) => offer.type === 1)).toBe(true);
  });

  it("sends rnd and appversion", async () => {
    let query: URLSearchParams | undefined;
    mockServer.use(http.get(`${base}/ofertas/venta/disponibles`, ({ request }) => {
      query = new URL(request.url).searchParams;
      return HttpResponse.json({ response: { lista: [] } });
    }));
    await getEsimOffers("venta");
    expect(query?.get("rnd")).toBeTruthy();
    expect(query?.get("appversion")).toBe(env.appVersion);
  });
});

describe("the eSIM journey (session, tracking, visitor, checks, payment data)", () => {
  it("walks from a new session to a paid eSIM that check-sale then reports as sold", async () => {
    const uuid = await session();
    expect(keyOf(await trackEsimStep(uuid, "imeicompatible", true))).toBe("ok");
    expect(keyOf(await trackEsimStep(uuid, "bait", false))).toBe("ok");
    expect(keyOf(await saveEsimJourney(uuid, "esim", journey))).toBe("ok");
    expect(sales.visitors.get(uuid)).toMatchObject({ flow: "esim", steps: { imeicompatible: "true", bait: "false" }, imei: journey.imei });

    const visitor = await getEsimVisitor(uuid);
    expect(visitor.ok && visitor.data).toEqual({ uuid, contactNumber: "5523456789", email: "nuevo@example.com", imei: journey.imei, offerId: "ESIM150", isBait: false });
    expect(keyOf(await validateEsimPurchaseLimit("nuevo@example.com"))).toBe("ok");
    expect(keyOf(await checkEsimSale(uuid))).toBe("ok");

    const payment = await requestEsimPayment({ uuid, offerId: "ESIM150", email: "nuevo@example.com", contactNumber: "5523456789", isBaitUser: false });
    expect(payment.ok && payment.data).toEqual({ keychain: expect.any(String), customerOrder: expect.stringMatching(/^ESIM-/) });

    const plugin = await setUpPaymentPlugin({ store: "bait-web", channel: "esim", phone: "5523456789", price: 150, email: "nuevo@example.com" });
    if (!plugin.ok) throw plugin.error;
    const paid = await charge({
      setup: plugin.data,
      data: buildChargeData(
        { firstName: "Nora", lastName: "Ruiz" },
        { address: "Calle 1", postalCode: "64000", city: "Monterrey", state: "Nuevo León", country: "México" },
        { number: "4111111111111111", month: "12", year: "2099", cvv: "123" },
      ),
      idempotencyKey: randomUUID(),
      sale: { uuid, price: 150, total: 150, validity: "30 días", phone: "5523456789", name: "Nora", email: "nuevo@example.com", description: "E-SIM 150", offerId: "ESIM150" },
    });
    expect(paid.ok).toBe(true);
    const sold = await checkEsimSale(uuid);
    expect(!sold.ok && [sold.error.messageKey, sold.error.upstreamMessage]).toEqual(["esim:flow.saleFailed", "Ocurrió un error al procesar tu solicitud de compra, por favor inténtalo de nuevo."]);
    expect(world.esimPurchases.get("nuevo@example.com")).toBe(1);
  });

  it("refuses limite@example.com with 'esim:flow.limitExceeded' and the upstream's text", async () => {
    const result = await validateEsimPurchaseLimit("limite@example.com");
    expect(!result.ok && [result.error.messageKey, result.error.upstreamMessage]).toEqual(["esim:flow.limitExceeded", "Lo sentimos, has excedido el número de compras de ESIM por usuario."]);
  });

  it("refuses payment data for the limit e-mail and for an unknown session", async () => {
    const uuid = await session();
    const limited = await requestEsimPayment({ uuid, offerId: "ESIM150", email: "limite@example.com", contactNumber: "5523456789", isBaitUser: true });
    expect(!limited.ok && limited.error.upstreamMessage).toBe("Lo sentimos, has excedido el número de compras de ESIM por usuario.");
    expect(keyOf(await requestEsimPayment({ uuid: "nadie", offerId: "ESIM150", email: "a@example.com", contactNumber: "5523456789", isBaitUser: false }))).toBe("payment:payment.unavailable");
  });

  it("turns tracking and saving for an unknown session into their own messages", async () => {
    expect(keyOf(await trackEsimStep("nadie", "boton", true))).toBe("esim:flow.trackingFailed");
    expect(keyOf(await saveEsimJourney("nadie", "esim", journey))).toBe("esim:flow.saveFailed");
    expect(keyOf(await getEsimVisitor("nadie"))).toBe("esim:flow.sessionFailed");
  });
});

type Case = { call: string; url: string; invoke: () => Promise<UpstreamResult<unknown>>; failKey: string };
const known = async () => {
  const uuid = await session();
  await saveEsimJourney(uuid, "esim", journey);
  return uuid;
};
const cases: Case[] = [
  { call: "esim.offers.venta", url: `${base}/ofertas/venta/disponibles`, invoke: () => getEsimOffers("venta"), failKey: "recharge:offers.error" },
  { call: "esim.offers.recarga", url: `${base}/ofertas/recarga/disponibles`, invoke: () => getEsimOffers("recarga"), failKey: "recharge:offers.error" },
  { call: "esim.assignSession", url: `${base}/publico/asignarSesion`, invoke: assignEsimSession, failKey: "esim:flow.sessionFailed" },
  { call: "esim.trackStep", url: `${base}/publico/tracking/:uuid/:step`, invoke: async () => trackEsimStep(await known(), "boton", true), failKey: "esim:flow.trackingFailed" },
  { call: "esim.saveAllData", url: `${base}/publico/tracking/:uuid/all-data`, invoke: async () => saveEsimJourney(await known(), "esim", journey), failKey: "esim:flow.saveFailed" },
  { call: "esim.visitor", url: `${base}/publico/visitante/:uuid/getInformation`, invoke: async () => getEsimVisitor(await known()), failKey: "esim:flow.sessionFailed" },
  { call: "esim.checkSale", url: `${base}/public/visitor/:id/check-sale`, invoke: async () => checkEsimSale(await known()), failKey: "esim:flow.saleFailed" },
  { call: "esim.limitedSale", url: `${base}/public/validate-limited-sale`, invoke: () => validateEsimPurchaseLimit("nuevo@example.com"), failKey: "esim:device.responseError" },
  {
    call: "esim.pay",
    url: `${base}/publico/pago`,
    invoke: async () => requestEsimPayment({ uuid: await known(), offerId: "ESIM100", email: "nuevo@example.com", contactNumber: "5523456789", isBaitUser: false }),
    failKey: "payment:payment.unavailable",
  },
];

describe.each(cases)("$call never throws", ({ call, url, invoke, failKey }) => {
  it("answers ok against the mock world", async () => {
    expect(keyOf(await invoke())).toBe("ok");
  });
  it(`turns a malformed answer into '${failKey}'`, async () => {
    setSwitch(call, { malformed: true });
    expect(keyOf(await invoke())).toBe(failKey);
  });
  it(`turns an answer of the wrong shape into '${failKey}'`, async () => {
    mockServer.use(http.all(url, () => HttpResponse.json({ success: "sí", uuid: 7, response: {} })));
    expect(keyOf(await invoke())).toBe(failKey);
  });
  it(`turns a 500 into '${failKey}'`, async () => {
    setSwitch(call, { status: 500 });
    expect(keyOf(await invoke())).toBe(failKey);
  });
  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch(call, { latencyMs: 400 });
    expect(keyOf(await invoke())).toBe("errors:upstream.timeout");
  });
  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.all(url, () => HttpResponse.error()));
    expect(keyOf(await invoke())).toBe("errors:upstream.network");
  });
});
