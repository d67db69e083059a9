import type { Block, BlockOf, BlockType } from "#schemas/config";
import { getRecharges, getSite, withProduct } from "~/lib/config/config.server";
import { offerView, type BlockData } from "./types";

type Loader<T extends BlockType> = (block: BlockOf<T>, request: Request) => BlockData<T>;

/** What a block needs beyond its own JSON, computed on the server so the HTML carries it. */
const loaders: { [T in BlockType]?: Loader<T> } = {
  offers: (block) => {
    const { offers, categories } = getRecharges();
    const inCategory = offers.filter((offer) => offer.category === block.category);
    const category = categories.find((entry) => entry.id === block.category);
    return {
      categoryLabel: category?.label ?? block.category,
      offers: (block.limit ? inCategory.slice(0, block.limit) : inCategory).map((offer) =>
        offerView(offer, block.actionHref),
      ),
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
  embed: (block, request) => {
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

export function resolveBlocks(blocks: Block[], request: Request): ResolvedBlock[] {
  return blocks.map((block) => {
    const load = loaders[block.type] as Loader<typeof block.type> | undefined;
    return { block, data: load ? load(block as never, request) : null } as ResolvedBlock;
  });
}
