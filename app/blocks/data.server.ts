import type { Block, BlockOf, BlockType } from "#schemas/config";
import { categoryOffers, createOfferSource, type OfferSource } from "~/features/recharge/catalogue.server";
import { getRecharges, getSite, withProduct } from "~/lib/config/config.server";
import { createI18n } from "~/lib/i18n/i18next.server";
import { offerView, type BlockData } from "./types";

type BlockContext = { request: Request; offers: OfferSource };
type Loader<T extends BlockType> = (block: BlockOf<T>, context: BlockContext) => BlockData<T> | Promise<BlockData<T>>;

/** Texts a loader puts in the page data (the language is fixed, so one instance serves all). */
const i18n = createI18n();

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
export function resolveBlocks(blocks: Block[], request: Request): Promise<ResolvedBlock[]> {
  const context: BlockContext = { request, offers: createOfferSource() };
  return Promise.all(
    blocks.map(async (block) => {
      const load = loaders[block.type] as Loader<typeof block.type> | undefined;
      return { block, data: load ? await load(block as never, context) : null } as ResolvedBlock;
    }),
  );
}
