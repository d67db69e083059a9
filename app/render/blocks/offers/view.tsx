import { OfferGrid } from "../offer-grid";
import type { ViewProps } from "../block";
import type { OffersData } from "./block.server";
import type { OffersBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

export function OffersBlock({ block, data }: ViewProps<OffersBlockConfig, OffersData>) {
  return (
    <section ref={markHydrated} className="block" id={`ofertas-${block.category}`}>
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      {block.intro ? <p className="block__intro">{block.intro}</p> : null}
      <OfferGrid offers={data.offers} error={data.error} actionLabel={block.actionLabel} />
    </section>
  );
}
