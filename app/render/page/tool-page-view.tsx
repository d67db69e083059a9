import type { ReactNode } from "react";
import { BlockList } from "~/render/blocks/registry";
import { ConfigPageView, type PageViewData } from "./page-view";

/**
 * A config page with a route's tool (a coverage check, a request form): the tool comes right after
 * the page's opening hero, where a visitor looks first, then the other blocks; `after` closes the
 * page. Built from ConfigPageView rather than inside it, so the config pages' JavaScript does not
 * carry it.
 */
export function ToolPageView({ page, banners, tool, after }: PageViewData & { tool: ReactNode; after?: ReactNode }) {
  const split = page.blocks[0]?.block.type === "hero" ? 1 : 0;
  return (
    <>
      <ConfigPageView page={{ ...page, blocks: page.blocks.slice(0, split) }} banners={banners} />
      <div className="page page--tool">
        {tool}
        <BlockList blocks={page.blocks.slice(split)} pageHasHeading />
        {after}
      </div>
    </>
  );
}
