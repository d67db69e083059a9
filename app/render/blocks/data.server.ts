import type { Block, BlockOf, BlockType, OfferCategory, RechargeOffer } from "#schemas/config";
import { categoryOffers, createOfferSource, type OfferSource } from "~/features/recharge/catalogue.server";
import { cleanDestinationQuery, searchDestinations } from "~/features/recharge/destinations";
import { RECHARGE_PARAM, SECTION_PARAM } from "~/features/recharge/urls";
import { getRecharges, getSite, withProduct } from "~/lib/config/config.server";
import { formatData, formatLongDate, formatMoney, formatPhone } from "~/lib/format";
import { createI18n } from "~/lib/i18n/i18next.server";
import { type BlockData, type OfferView } from "./types";
import { offerHref } from "~/features/recharge/urls";

type BlockContext = { request: Request; offers: OfferSource };
type Loader<T extends BlockType> = (block: BlockOf<T>, context: BlockContext) => BlockData<T> | Promise<BlockData<T>>;

/** Texts a loader puts in the page data (the language is fixed, so one instance serves all). */
const i18n = createI18n();

/** A card's texts, formatted here so the browser needs no formatting code. */
export function offerView(offer: RechargeOffer, actionHref?: string): OfferView {
  const features: string[] = [];
  if (offer.mbNavigation > 0) features.push(i18n.t("recharge:modal.navigation", { amount: formatData(offer.mbNavigation) }));
  if (offer.unlimitedSocial) features.push(i18n.t("recharge:modal.unlimitedSocial"));
  else if (offer.mbSocialNetworks > 0) features.push(i18n.t("recharge:modal.social", { amount: formatData(offer.mbSocialNetworks) }));
  features.push(offer.includeMessage);
  return {
    offerId: offer.offerId,
    category: offer.category,
    rechargeName: offer.rechargeName,
    price: formatMoney(offer.price),
    validity: i18n.t("recharge:modal.validity", { count: offer.duration }),
    features,
    highlighted: offer.highlighted,
    href: offerHref(offer, actionHref),
  };
}

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

/** What a block needs beyond its own JSON, computed on the server so the HTML carries it. */
const loaders: { [T in BlockType]?: Loader<T> } = {
  offers: async (block, { offers: source }) => {
    const { offers, categories } = getRecharges();
    const category = categories.find((entry) => entry.id === block.category);
    const result = await categoryOffers(block.category, offers, source);
    return {
      categoryLabel: category?.label ?? block.category,
      offers: result.ok ? (block.limit ? result.offers.slice(0, block.limit) : result.offers).map((offer) => offerView(offer, block.actionHref)) : [],
      error: result.ok ? null : i18n.t("recharge:offers.error"),
    };
  },
  catalogue: async (block, { request, offers: source }) => {
    const { offers, categories } = getRecharges();
    const url = new URL(request.url);
    const selected = selectCategory(block.categories, url.searchParams, offers);
    const result = await categoryOffers(selected, offers, source);
    return {
      selected,
      tabs: block.categories.map((id) => {
        const category = categories.find((entry) => entry.id === id);
        return {
          id,
          label: category?.label ?? id,
          description: category?.description ?? "",
          href: `${url.pathname}?section=${encodeURIComponent(id)}`,
        };
      }),
      offers: result.ok ? result.offers.map((offer) => offerView(offer)) : [],
      error: result.ok ? null : i18n.t("recharge:offers.error"),
      actionLabel: i18n.t(BOUGHT.has(selected) ? "offers.buy" : "offers.recharge"),
    };
  },
  destinations: async (_block, { request, offers: source }) => {
    const { offers, international } = getRecharges();
    const query = cleanDestinationQuery(new URL(request.url).searchParams.get("destino"));
    // Live names of the packages the upstream sells (the page's offers block asks for the same
    // list); if it cannot answer, marketing's names, so the destinations still show.
    const live = await categoryOffers("internationals", offers, source);
    const packages = live.ok ? live.offers : offers.filter((offer) => offer.category === "internationals");
    const found = searchDestinations(international, query);
    const view = (list: typeof international.insideMexico) =>
      list.flatMap((destination) => {
        const covering = destination.offerIds.flatMap((offerId) => {
          const offer = packages.find((entry) => entry.offerId === offerId);
          return offer ? [{ offerId, name: offer.rechargeName, href: offerHref(offer) }] : [];
        });
        // A destination none of whose packages is on sale has nothing to offer: left out.
        return covering.length > 0 ? [{ id: destination.id, name: destination.name, offers: covering }] : [];
      });
    return {
      query,
      lists: [
        { id: "insideMexico" as const, destinations: view(found.insideMexico) },
        { id: "outsideMexico" as const, destinations: view(found.outsideMexico) },
      ],
    };
  },
  // Dates and phones are formatted here: the blocks ship no formatting code to the browser.
  legal: (block) => ({ updated: formatLongDate(block.updated) }),
  stores: (block) => ({ phones: block.stores.map((store) => (store.phone ? formatPhone(store.phone) : null)) }),
  siteMap: () => {
    const { navigation, brand } = getSite();
    return {
      entries: navigation.map((entry) => ({
        id: entry.id,
        label: withProduct(entry.label, brand, "text"),
        path: withProduct(entry.path, brand, "path"),
      })),
    };
  },
  embed: (block, { request }) => {
    const src = new URL(block.src);
    const pageParams = new URL(request.url).searchParams;
    for (const name of block.forwardParams) {
      const value = pageParams.get(name);
      if (value) src.searchParams.set(name, value);
    }
    return { src: src.toString(), origin: src.origin };
  },
};

export type ResolvedBlock = { [T in BlockType]: { block: BlockOf<T>; data: BlockData<T> } }[BlockType];

/** Each block with its data; offer blocks of one page share their upstream calls. */
export function resolveBlocks(blocks: Block[], request: Request, offers: OfferSource = createOfferSource()): Promise<ResolvedBlock[]> {
  const context: BlockContext = { request, offers };
  return Promise.all(
    blocks.map(async (block) => {
      const load = loaders[block.type] as Loader<typeof block.type> | undefined;
      return { block, data: load ? await load(block as never, context) : null } as ResolvedBlock;
    }),
  );
}
