import { createOfferSource, type OfferSource } from "~/features/recharge/catalogue.server";
import type { Viewer } from "~/features/flags/visibility";
import type { BlockContext, BlockServer } from "./block";
import * as blocks from "./index";
import type { Block, ResolvedBlock } from "./types";

/** Each block with its data; offer blocks of one page share their upstream calls. */
export function resolveBlocks(list: Block[], request: Request, offers: OfferSource = createOfferSource(), viewer?: Viewer, clientIp = ""): Promise<ResolvedBlock[]> {
  const context: BlockContext = { request, offers, clientIp, ...(viewer ? { viewer } : {}) };
  return Promise.all(
    list.map(async (block) => {
      const { load } = blocks[block.type].server as BlockServer<Block>;
      return { block, data: load ? await load(block, context) : null } as ResolvedBlock;
    }),
  );
}
