import type { ComponentType } from "react";
import { StaticHtml } from "~/components/static-html";
import * as blocks from "./index";
import type { ResolvedBlock } from "./types";

/**
 * Renders a page's blocks in order. The first hero carries the page's h1 unless the page
 * has rendered its own heading. A block that is not interactive is kept as the server rendered
 * it (StaticHtml): hydration skips it, for as long as the block, its data and its heading level
 * stay the same.
 */
export function BlockList({ blocks: list, pageHasHeading = false }: { blocks: ResolvedBlock[]; pageHasHeading?: boolean }) {
  const firstHero = pageHasHeading ? -1 : list.findIndex((entry) => entry.block.type === "hero");
  return (
    <>
      {list.map((entry, index) => {
        const definition: { view: unknown; interactive?: true } = blocks[entry.block.type];
        // Parsed blocks are all of a type of the list.
        const Component = definition.view as ComponentType<{ block: unknown; data: unknown; headingLevel: 1 | 2 }>;
        const headingLevel = index === firstHero ? 1 : 2;
        if (definition.interactive) return <Component key={index} block={entry.block} data={entry.data} headingLevel={headingLevel} />;
        return (
          <StaticHtml key={index} version={JSON.stringify([entry.block, entry.data, headingLevel])}>
            <Component block={entry.block} data={entry.data} headingLevel={headingLevel} />
          </StaticHtml>
        );
      })}
    </>
  );
}
