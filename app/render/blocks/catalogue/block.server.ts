import type { OfferCategory, RechargeOffer } from "#schemas/config";
import { categoryOffers } from "~/features/recharge/catalogue.server";
import { RECHARGE_PARAM, SECTION_PARAM } from "~/features/recharge/urls";
import type { BlockCheckContext, BlockFinding } from "~/lib/config/blocks";
import { getRecharges } from "~/lib/config/config.server";
import type { BlockContext } from "../block";
import { emptyCategory, offerView } from "../offer-cards.server";
import { translate } from "~/lib/i18n/i18n.server";
import type { CatalogueBlockConfig } from "./schema";

export { catalogueBlock as schema } from "./schema";

export type CatalogueTab = { id: OfferCategory; label: string; description: string; href: string };

/** Categories whose cards sell something new rather than recharge a line: their button says "Comprar". */
const BOUGHT: ReadonlySet<OfferCategory> = new Set(["packages", "internationals", "sim", "e-sim"]);

/**
 * The tab a catalogue shows: the `section` of the URL if it is one of its tabs; else the category
 * of the offer whose recharge modal is open (`recarga`), if it is one of them; else the first.
 */
export function selectCategory(
  categories: readonly OfferCategory[],
  params: URLSearchParams,
  offers: ReadonlyArray<Pick<RechargeOffer, "offerId" | "category">>,
): OfferCategory {
  const isTab = (value: string | null | undefined): value is OfferCategory => categories.includes(value as OfferCategory);
  const section = params.get(SECTION_PARAM);
  if (isTab(section)) return section;
  const recharge = params.get(RECHARGE_PARAM);
  const ofRecharge = recharge ? offers.find((offer) => offer.offerId === recharge)?.category : undefined;
  if (isTab(ofRecharge)) return ofRecharge;
  return categories[0]!;
}

export async function load(block: CatalogueBlockConfig, { request, offers: source }: BlockContext) {
  const { offers, categories } = getRecharges();
  const url = new URL(request.url);
  // A tab shows while one of its offers is shown to this visitor now (its flag, `when`, `from` / `until`).
  const shown = block.categories.filter((id) => offers.some((offer) => offer.category === id && source.shows(offer)));
  const tabs = shown.length > 0 ? shown : block.categories;
  const selected = selectCategory(tabs, url.searchParams, offers);
  const result = await categoryOffers(selected, offers, source);
  return {
    selected,
    tabs: tabs.map((id): CatalogueTab => {
      const category = categories.find((entry) => entry.id === id);
      return {
        id,
        label: category?.label ?? id,
        description: category?.description ?? "",
        href: `${url.pathname}?section=${encodeURIComponent(id)}`,
      };
    }),
    offers: result.ok ? result.offers.map((offer) => offerView(offer, undefined, url)) : [],
    error: result.ok ? null : translate("recharge:offers.error"),
    /** "Recargar", or "Comprar" for what is bought rather than recharged. */
    actionLabel: translate(BOUGHT.has(selected) ? "offers.buy" : "offers.recharge"),
  };
}
export type CatalogueData = Awaited<ReturnType<typeof load>>;

/** Every tab's category has offers in recharges.json. */
export function* check(block: CatalogueBlockConfig, { recharges }: BlockCheckContext): Generator<BlockFinding> {
  if (!recharges) return;
  for (const [tab, category] of block.categories.entries()) {
    const empty = emptyCategory(category, recharges.offers);
    if (empty) yield { path: `categories[${tab}]`, message: empty };
  }
}
