import type { BlockFinding } from "~/lib/config/blocks";
import type { HeroBlockConfig } from "./schema";

export { heroBlock as schema } from "./schema";

/** The hero's image must be a file of public/ (or an https address). */
export function* check(block: HeroBlockConfig): Generator<BlockFinding> {
  if (block.image) yield { path: "image.src", target: block.image.src, as: "image" };
}
