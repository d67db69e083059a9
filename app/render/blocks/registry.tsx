import type { ComponentType } from "react";
import * as blocks from "./index";
import type { ResolvedBlock } from "./types";

/**
 * Renders a page's blocks in order. The first hero carries the page's h1 unless the page
 * has rendered its own heading.
 */
export function BlockList({ blocks: list, pageHasHeading = false }: { blocks: ResolvedBlock[]; pageHasHeading?: boolean }) {
  const firstHero = pageHasHeading ? -1 : list.findIndex((entry) => entry.block.type === "hero");
  return (
    <>
      {list.map((entry, index) => {
        // Parsed blocks are all of a type of the list.
        const Component = blocks[entry.block.type].view as ComponentType<{ block: unknown; data: unknown; headingLevel: 1 | 2 }>;
        return <Component key={index} block={entry.block} data={entry.data} headingLevel={index === firstHero ? 1 : 2} />;
      })}
    </>
  );
}
