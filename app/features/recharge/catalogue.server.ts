import type { OfferCategory, RechargeOffer } from "#schemas/config";
import { getOffers, type UpstreamOffer } from "~/upstream/conn/offers.server";
import { getEsimOffers } from "~/upstream/esim.server";
import type { UpstreamResult } from "~/upstream/http.server";
import { isOfferShown, isScheduledAt, type Viewer } from "~/features/flags/visibility";

type Source = "general" | "hbb" | "sams" | "esim";

/** Which upstream list sells each category. */
const SOURCE_OF: Record<OfferCategory, Source> = {
  traditionals: "general",
  mifi: "general",
  packages: "general",
  internationals: "general",
  business: "general",
  sim: "general",
  hbb: "hbb",
  associates: "sams",
  "e-sim": "esim",
};

export type CatalogueOffer = RechargeOffer;

/**
 * The upstream lists a page needs, each fetched once per request however many offer blocks
 * ask for it (/recargas shows two categories of the same list). With the visitor (`viewer`), only the
 * offers shown to them now are listed (their `when`, `from` / `until` and their product's flag);
 * without one, only the offers inside their window.
 */
export function createOfferSource(viewer?: Viewer) {
  const lists = new Map<Source, Promise<UpstreamResult<UpstreamOffer[]>>>();
  const shows = (offer: RechargeOffer) => (viewer ? isOfferShown(offer, viewer) : isScheduledAt(offer, Date.now()));
  return Object.assign(
    (category: OfferCategory) => {
      const source = SOURCE_OF[category];
      let list = lists.get(source);
      if (!list) {
        list = source === "esim" ? getEsimOffers("venta") : getOffers(source);
        lists.set(source, list);
      }
      return list;
    },
    { shows },
  );
}
export type OfferSource = ReturnType<typeof createOfferSource>;

/**
 * A category as visitors see it: marketing's config decides which offers show, in what order,
 * highlighted or not, with which images; the upstream decides what is on sale and at what
 * price, validity and data. An offer the upstream no longer sells (or has inactive) is left out.
 */
export async function categoryOffers(
  category: OfferCategory,
  configured: RechargeOffer[],
  source: OfferSource,
): Promise<{ ok: true; offers: CatalogueOffer[] } | { ok: false; messageKey: string }> {
  const result = await source(category);
  if (!result.ok) return { ok: false, messageKey: result.error.messageKey };
  const onSale = new Map(result.data.filter((offer) => offer.status === "active").map((offer) => [offer.offerId, offer]));
  const offers = configured
    .filter((offer) => offer.category === category && source.shows(offer))
    .flatMap((offer) => {
      const live = onSale.get(offer.offerId);
      if (!live) return [];
      return [
        {
          ...offer,
          rechargeName: live.rechargeName,
          price: live.price,
          duration: live.duration,
          mbNavigation: live.mbNavigation,
          mbSocialNetworks: live.mbSocialNetworks,
          includeMessage: live.includeMessage,
        },
      ];
    });
  return { ok: true, offers };
}
