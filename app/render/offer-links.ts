import type { OfferCategory } from "#schemas/config";
import { esimHref } from "~/features/esim/urls";
import { LINE_PARAM, RECHARGE_PARAM, SECTION_PARAM } from "~/features/recharge/urls";
import { SIM_PARAM } from "~/features/sim/urls";

/**
 * The links of the offer cards the blocks show. A card may lead to any of the three modals
 * (recharge, SIM, eSIM), so the choice is made here, above the features that own them: each
 * feature knows only its own URL.
 */

/**
 * Where an offer's card leads. A block's `actionHref` template ({offerId} replaced) wins; else a
 * SIM goes to its purchase modal on /cambiate-a-bait, an eSIM to the eSIM modal over the page it is
 * on (`here`, when that page shows the modal; else /e-sim), and any recharge to its modal on the tab
 * of its category, so closing the modal leaves the visitor there.
 */
export function offerHref(offer: { offerId: string; category: OfferCategory }, actionHref?: string, here?: URL): string {
  const id = encodeURIComponent(offer.offerId);
  if (actionHref) return actionHref.replaceAll("{offerId}", id);
  if (offer.category === "sim") return `/cambiate-a-bait?${SIM_PARAM}=${id}`;
  if (offer.category === "e-sim") return esimHref(offer.offerId, here);
  return `/recargas?${SECTION_PARAM}=${offer.category}&${RECHARGE_PARAM}=${id}`;
}

/** An offer's recharge modal with the line already typed (number first, docs/recharge.md): its field comes prefilled. */
export function offerHrefForLine(offer: { offerId: string; category: OfferCategory }, number: string): string {
  return `${offerHref(offer)}&${LINE_PARAM}=${encodeURIComponent(number)}`;
}
