import type { BlockType } from "#schemas/config";
import type { ComponentType } from "react";
import type { ResolvedBlock } from "./data.server";
import { CardsBlock } from "./cards";
import { CatalogueBlock } from "./catalogue";
import { CtaBlock } from "./cta";
import { DestinationsBlock } from "./destinations";
import { EmbedBlock } from "./embed";
import { FaqBlock } from "./faq";
import { HeroBlock } from "./hero";
import { LegalBlock } from "./legal";
import { OffersBlock } from "./offers";
import { RichTextBlock } from "./rich-text";
import { SiteMapBlock } from "./site-map";
import { StepsBlock } from "./steps";
import { StoresBlock } from "./stores";
import type { BlockProps } from "./types";

/** One line per block type; the mapped type makes a missing component a compile error. */
export const blockRegistry: { [T in BlockType]: ComponentType<BlockProps<T> & { headingLevel: 1 | 2 }> } = {
  hero: HeroBlock,
  richText: RichTextBlock,
  cards: CardsBlock,
  offers: OffersBlock,
  catalogue: CatalogueBlock,
  destinations: DestinationsBlock,
  faq: FaqBlock,
  cta: CtaBlock,
  legal: LegalBlock,
  siteMap: SiteMapBlock,
  stores: StoresBlock,
  steps: StepsBlock,
  embed: EmbedBlock,
};

/**
 * Renders a page's blocks in order. The first hero carries the page's h1 unless the page
 * has rendered its own heading.
 */
export function BlockList({ blocks, pageHasHeading = false }: { blocks: ResolvedBlock[]; pageHasHeading?: boolean }) {
  const firstHero = pageHasHeading ? -1 : blocks.findIndex((entry) => entry.block.type === "hero");
  return (
    <>
      {blocks.map((entry, index) => {
        const Component = blockRegistry[entry.block.type] as ComponentType<{ block: unknown; data: unknown; headingLevel: 1 | 2 }> | undefined;
        if (!Component) return null;
        return <Component key={index} block={entry.block} data={entry.data} headingLevel={index === firstHero ? 1 : 2} />;
      })}
    </>
  );
}
