import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RechargeOffer } from "#schemas/config";
import { quietLog } from "~/lib/log.test-helpers";
import { mockServer } from "../../../mocks/node";
import { resetWorld } from "../../../mocks/world";
import { categoryOffers, createOfferSource } from "./catalogue.server";

beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(() => resetWorld());

const configured = (offerId: string, overrides: Partial<RechargeOffer> = {}): RechargeOffer => ({
  offerId,
  rechargeName: `Nombre de marketing ${offerId}`,
  category: "traditionals",
  type: 1,
  price: 1,
  duration: 1,
  mbNavigation: 0,
  mbSocialNetworks: 0,
  unlimitedSocial: false,
  includeMessage: "texto de marketing",
  imageDesktop: "/images/offers/recarga.svg",
  imageMobile: "/images/offers/recarga.svg",
  highlighted: false,
  ...overrides,
});

describe("the recharge catalogue", () => {
  it("keeps marketing's order and images and takes price and validity from the upstream", async () => {
    const result = await categoryOffers("traditionals", [configured("BAIT150", { highlighted: true }), configured("BAIT50")], createOfferSource());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.offers.map((offer) => offer.offerId)).toEqual(["BAIT150", "BAIT50"]);
    expect(result.offers[0]).toMatchObject({ highlighted: true, price: 150, duration: 30, imageDesktop: "/images/offers/recarga.svg" });
    expect(result.offers[1]).toMatchObject({ price: 50, duration: 7 });
  });

  it("leaves out an offer the upstream does not sell", async () => {
    const result = await categoryOffers("traditionals", [configured("RETIRADA999"), configured("BAIT100")], createOfferSource());
    expect(result.ok && result.offers.map((offer) => offer.offerId)).toEqual(["BAIT100"]);
  });

  it("asks the upstream once for two categories of the same list", async () => {
    let calls = 0;
    mockServer.events.on("request:start", ({ request }) => {
      if (request.url.includes("/conn/page/api/app/ofertas")) calls += 1;
    });
    const source = createOfferSource();
    await Promise.all([categoryOffers("traditionals", [], source), categoryOffers("packages", [], source)]);
    mockServer.events.removeAllListeners();
    expect(calls).toBe(1);
  });

  it("says 'Hubo problema al recuperar las recargas' through its key when the upstream fails", async () => {
    quietLog();
    mockServer.use(http.get("https://conn.upstream.mock/conn/page/api/app/ofertas", () => HttpResponse.json({}, { status: 500 })));
    const result = await categoryOffers("traditionals", [configured("BAIT50")], createOfferSource());
    expect(result).toEqual({ ok: false, messageKey: "recharge:offers.error" });
  });
});
