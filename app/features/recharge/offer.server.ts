import type { OfferCategory } from "#schemas/config";
import { getRecharges } from "~/lib/config/config.server";
import { categoryOffers, createOfferSource, type CatalogueOffer, type OfferSource } from "./catalogue.server";

/** Categories whose offers are bought through the recharge modal (SIM and eSIM have their own purchase flows). */
const PURCHASES: readonly OfferCategory[] = ["sim", "e-sim"];

export type OfferLookup =
  | { ok: true; offer: CatalogueOffer }
  /** Not an offer of the catalogue, or no longer on sale. */
  | { ok: false; reason: "unknown"; messageKey: "recharge:modal.unknownOffer" }
  /** The upstream could not say what is on sale. */
  | { ok: false; reason: "unavailable"; messageKey: "recharge:offers.error" };

/**
 * A rechargeable offer as the modal shows it: marketing's config merged with the upstream's
 * live name, price, validity and data (catalogue.server.ts).
 */
export async function findRechargeOffer(offerId: string | null | undefined, source: OfferSource = createOfferSource()): Promise<OfferLookup> {
  const configured = getRecharges().offers.find((offer) => offer.offerId === offerId);
  if (!configured || PURCHASES.includes(configured.category)) return { ok: false, reason: "unknown", messageKey: "recharge:modal.unknownOffer" };
  const result = await categoryOffers(configured.category, [configured], source);
  if (!result.ok) return { ok: false, reason: "unavailable", messageKey: "recharge:offers.error" };
  const offer = result.offers[0];
  return offer ? { ok: true, offer } : { ok: false, reason: "unknown", messageKey: "recharge:modal.unknownOffer" };
}
