import { resolveBlocks } from "./data.server";
import type { Block, BlockData, BlockOf, BlockType } from "./types";

/** A block's data as its loader gives it for a page at `url`. */
export async function loadData<T extends BlockType>(block: BlockOf<T>, url: string): Promise<BlockData<T>> {
  const [resolved] = await resolveBlocks([block as Block], new Request(url));
  return resolved!.data as BlockData<T>;
}
