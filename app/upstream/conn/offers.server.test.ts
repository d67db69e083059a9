import { describe, expect, it } from "vitest";
import { getOffers } from "./offers.server";
import { data } from "./fixtures.test-helpers";
import { useMockUpstream } from "../../../mocks/test-support";

useMockUpstream({ timeoutMs: 8000 });

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
