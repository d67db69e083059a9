import { describe, expect, it } from "vitest";
import { rechargeHref } from "~/features/recharge/urls";
import { offerHref } from "~/render/offer-links";

describe("offer links", () => {
  it("lead a recharge to its modal on the tab of its category", () => {
    expect(offerHref({ offerId: "HBB349", category: "hbb" })).toBe("/recargas?section=hbb&recarga=HBB349");
    expect(offerHref({ offerId: "BAIT50", category: "traditionals" })).toBe("/recargas?section=traditionals&recarga=BAIT50");
  });

  it("lead a SIM to its purchase modal on /cambiate-a-bait and an eSIM to its modal on /e-sim", () => {
    expect(offerHref({ offerId: "SIM150", category: "sim" })).toBe("/cambiate-a-bait?chip=SIM150");
    expect(offerHref({ offerId: "ESIM100", category: "e-sim" })).toBe("/e-sim?oferta=ESIM100");
  });

  it("open an eSIM's modal over the page the card is on when that page shows it, keeping its section and flow", () => {
    const esim = { offerId: "ESIM100", category: "e-sim" as const };
    expect(offerHref(esim, undefined, new URL("http://localhost/cambiate-a-bait?section=e-sim&utm_source=x"))).toBe("/cambiate-a-bait?section=e-sim&oferta=ESIM100");
    expect(offerHref(esim, undefined, new URL("http://localhost/recargas?section=e-sim"))).toBe("/recargas?section=e-sim&oferta=ESIM100");
    expect(offerHref(esim, undefined, new URL("http://localhost/e-sim?flujo=portabilidad"))).toBe("/e-sim?flujo=portabilidad&oferta=ESIM100");
    expect(offerHref(esim, undefined, new URL("http://localhost/paquetes"))).toBe("/e-sim?oferta=ESIM100");
  });

  it("follow a block's actionHref when it has one", () => {
    expect(offerHref({ offerId: "SIM150", category: "sim" }, "/cambiate-a-bait?chip={offerId}")).toBe("/cambiate-a-bait?chip=SIM150");
  });

  it("keep the banners' plain recharge URL", () => {
    expect(rechargeHref("BAIT100")).toBe("/recargas?recarga=BAIT100");
  });
});
