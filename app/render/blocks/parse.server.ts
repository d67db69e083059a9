import { parseBlocks } from "~/lib/config/blocks";
import { formatProblem } from "~/lib/config/problems";
import { logger } from "~/lib/log.server";
import { blockKinds } from "./kinds.server";
import type { Block } from "./types";

const parsed = new WeakMap<object, Block[]>();

/**
 * The blocks of a page or modal file, parsed once per version of the file (the config store
 * hands out the same object until the file changes). An unknown or broken block is skipped and
 * logged; the rest still render.
 */
export function blocksOf(file: string, owner: { blocks: ReadonlyArray<{ type: string }> }): Block[] {
  let blocks = parsed.get(owner);
  if (!blocks) {
    const result = parseBlocks(owner.blocks, `pages-config/${file}`, blockKinds);
    for (const problem of result.problems) logger("config").error({ problem: formatProblem(problem) }, "bloque omitido");
    blocks = result.blocks.map((entry) => entry.block as Block);
    parsed.set(owner, blocks);
  }
  return blocks;
}
