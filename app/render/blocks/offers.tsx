import { OfferGrid } from "./offer-grid";
import type { BlockProps } from "./types";

export function OffersBlock({ block, data }: BlockProps<"offers">) {
  return (
    <section className="block" id={`ofertas-${block.category}`}>
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      {block.intro ? <p className="block__intro">{block.intro}</p> : null}
      <OfferGrid offers={data.offers} error={data.error} actionLabel={block.actionLabel} />
    </section>
  );
}
