import type { BlockOf, BlockType, RechargeOffer } from "#schemas/config";

export type OfferView = Pick<
  RechargeOffer,
  "offerId" | "rechargeName" | "price" | "duration" | "mbNavigation" | "mbSocialNetworks" | "unlimitedSocial" | "includeMessage" | "imageMobile" | "highlighted" | "type"
> & { href: string };

/** The recharge modal of an offer is a URL (SPEC §2): /recargas?recarga={offerId}. */
export function rechargeHref(offerId: string): string {
  return `/recargas?recarga=${encodeURIComponent(offerId)}`;
}

export function offerView(offer: RechargeOffer, actionHref?: string): OfferView {
  return {
    offerId: offer.offerId,
    rechargeName: offer.rechargeName,
    price: offer.price,
    duration: offer.duration,
    mbNavigation: offer.mbNavigation,
    mbSocialNetworks: offer.mbSocialNetworks,
    unlimitedSocial: offer.unlimitedSocial,
    includeMessage: offer.includeMessage,
    imageMobile: offer.imageMobile,
    highlighted: offer.highlighted,
    type: offer.type,
    href: actionHref ? actionHref.replaceAll("{offerId}", encodeURIComponent(offer.offerId)) : rechargeHref(offer.offerId),
  };
}

type DataByType = {
  offers: { categoryLabel: string; offers: OfferView[]; /** Set when the upstream could not give the offers. */ error: string | null };
  siteMap: { entries: Array<{ id: string; label: string; path: string }> };
  embed: { src: string; origin: string };
};

export type BlockData<T extends BlockType> = T extends keyof DataByType ? DataByType[T] : null;

export type BlockProps<T extends BlockType> = { block: BlockOf<T>; data: BlockData<T> };
