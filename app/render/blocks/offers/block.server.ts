import { categoryOffers } from "~/features/recharge/catalogue.server";
import type { BlockCheckContext, BlockFinding } from "~/lib/config/blocks";
import { getRecharges } from "~/lib/config/config.server";
import type { BlockContext } from "../block";
import { emptyCategory, offerView, type OfferView } from "../offer-cards.server";
import { translate } from "~/lib/i18n/i18n.server";
import type { OffersBlockConfig } from "./schema";

export { offersBlock as schema } from "./schema";

export async function load(block: OffersBlockConfig, { request, offers: source }: BlockContext): Promise<{ categoryLabel: string; offers: OfferView[]; error: string | null }> {
  const { offers, categories } = getRecharges();
  const category = categories.find((entry) => entry.id === block.category);
  const result = await categoryOffers(block.category, offers, source);
  return {
    categoryLabel: category?.label ?? block.category,
    offers: result.ok ? (block.limit ? result.offers.slice(0, block.limit) : result.offers).map((offer) => offerView(offer, block.actionHref, new URL(request.url))) : [],
    error: result.ok ? null : translate("recharge:offers.error"),
  };
}

/** The category has offers, and actionHref leads somewhere with a real offerId of it in place of {offerId}. */
export function* check(block: OffersBlockConfig, { recharges }: BlockCheckContext): Generator<BlockFinding> {
  if (block.actionHref) {
    const sample = recharges?.offers.find((offer) => offer.category === block.category)?.offerId ?? "oferta";
    yield { path: "actionHref", target: block.actionHref.replaceAll("{offerId}", sample), as: "link" };
  }
  const empty = recharges && emptyCategory(block.category, recharges.offers);
  if (empty) yield { path: "category", message: empty };
}
export type OffersData = Awaited<ReturnType<typeof load>>;
