import { categoryOffers, createOfferSource, type CatalogueOffer, type OfferSource } from "~/features/recharge/catalogue.server";
import { offerSummaryOf } from "~/features/recharge/modal.server";
import { getRecharges, getSite } from "~/lib/config/config.server";
import { formatMoney } from "~/lib/format";
import { simTotal } from "./sale";
import { translate } from "~/lib/i18n/i18n.server";

export type SimOfferLookup =
  | { ok: true; offer: CatalogueOffer }
  /** Not a SIM offer of the catalogue, or no longer on sale. */
  | { ok: false; reason: "unknown"; messageKey: "sim:modal.unknownOffer" }
  /** The upstream could not say what is on sale. */
  | { ok: false; reason: "unavailable"; messageKey: "recharge:offers.error" };

/** A SIM offer (category `sim`) as the modal sells it: marketing's config with the upstream's live name, price and validity. */
export async function findSimOffer(offerId: string | null | undefined, source: OfferSource = createOfferSource()): Promise<SimOfferLookup> {
  const configured = getRecharges().offers.find((offer) => offer.offerId === offerId && offer.category === "sim");
  if (!configured) return { ok: false, reason: "unknown", messageKey: "sim:modal.unknownOffer" };
  const result = await categoryOffers("sim", [configured], source);
  if (!result.ok) return { ok: false, reason: "unavailable", messageKey: "recharge:offers.error" };
  const offer = result.offers[0];
  return offer ? { ok: true, offer } : { ok: false, reason: "unknown", messageKey: "sim:modal.unknownOffer" };
}

/**
 * What the SIM modal shows for `?chip=OFFERID`, formatted on the server: the offer (name,
 * validity, what it includes) and its cost with the delivery (`checkout.simShippingCost` of
 * recharges.json). An unknown offer, or offers the upstream cannot give, are a message instead.
 */
export async function simModalData(offerId: string, source?: OfferSource) {
  const lookup = await findSimOffer(offerId, source);
  if (!lookup.ok) return { ok: false as const, message: translate(lookup.messageKey), retry: lookup.reason === "unavailable" };
  const { offer } = lookup;
  const shippingCost = getRecharges().checkout.simShippingCost;
  return {
    ok: true as const,
    offer: offerSummaryOf(offer),
    priceText: formatMoney(offer.price),
    shippingText: formatMoney(shippingCost),
    totalText: formatMoney(simTotal(offer.price, shippingCost)),
    privacyUrl: getSite().privacyNoticeUrl,
  };
}
export type SimModalData = Awaited<ReturnType<typeof simModalData>>;
