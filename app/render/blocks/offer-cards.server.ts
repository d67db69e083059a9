import type { OfferCategory, RechargeOffer } from "#schemas/config";
import { offerHref } from "~/render/offer-links";
import { formatData, formatMoney } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";

/**
 * An offer card as the browser gets it: every text already formatted on the server (price in
 * MXN, validity, data amounts), so the blocks ship no formatting code.
 */
export type OfferView = {
  offerId: string;
  category: OfferCategory;
  rechargeName: string;
  /** "$50.00" */
  price: string;
  /** "Vigencia de 30 días" */
  validity: string;
  /** "5 GB para navegar", "Redes sociales ilimitadas", the included message… */
  features: string[];
  highlighted: boolean;
  href: string;
};

/** A card's texts, formatted here so the browser needs no formatting code. */
export function offerView(offer: RechargeOffer, actionHref?: string, here?: URL): OfferView {
  const features: string[] = [];
  if (offer.mbNavigation > 0) features.push(translate("recharge:modal.navigation", { amount: formatData(offer.mbNavigation) }));
  if (offer.unlimitedSocial) features.push(translate("recharge:modal.unlimitedSocial"));
  else if (offer.mbSocialNetworks > 0) features.push(translate("recharge:modal.social", { amount: formatData(offer.mbSocialNetworks) }));
  features.push(offer.includeMessage);
  return {
    offerId: offer.offerId,
    category: offer.category,
    rechargeName: offer.rechargeName,
    price: formatMoney(offer.price),
    validity: translate("recharge:modal.validity", { count: offer.duration }),
    features,
    highlighted: offer.highlighted,
    href: offerHref(offer, actionHref, here),
  };
}

/** The problem config:check reports for a category that no offer of recharges.json belongs to. */
export function emptyCategory(category: OfferCategory, offers: ReadonlyArray<Pick<RechargeOffer, "category">>): string | null {
  return offers.some((offer) => offer.category === category) ? null : `la categoría «${category}» no tiene ofertas en pages-config/recharges.json`;
}
