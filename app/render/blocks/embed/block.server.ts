import type { BlockContext } from "../block";
import type { EmbedBlockConfig } from "./schema";

export { embedBlock as schema } from "./schema";

/** The frame's address with the page's forwarded query parameters, and its origin (the only one whose messages count). */
export function load(block: EmbedBlockConfig, { request }: BlockContext) {
  const src = new URL(block.src);
  const pageParams = new URL(request.url).searchParams;
  for (const name of block.forwardParams) {
    const value = pageParams.get(name);
    if (value) src.searchParams.set(name, value);
  }
  return { src: src.toString(), origin: src.origin };
}
export type EmbedData = ReturnType<typeof load>;
