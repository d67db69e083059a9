import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferGrid } from "../offer-grid";
import type { ViewProps } from "../block";
import { BlockHeading } from "../block-heading";
import type { CatalogueData } from "./block.server";
import type { CatalogueBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

/**
 * The offers by category: a row of links, one per category (`?section=<id>`, the selected one
 * marked aria-current), then the selected category's offers, rendered by the server.
 */
export function CatalogueBlock({ block, data }: ViewProps<CatalogueBlockConfig, CatalogueData>) {
  const { t } = useTranslation("blocks");
  const selected = data.tabs.find((tab) => tab.id === data.selected)!;
  return (
    <section ref={markHydrated} className="block catalogue" id="catalogo">
      <BlockHeading heading={block.heading} intro={block.intro} />
      <nav className="catalogue__tabs" aria-label={t("blocks:catalogue.label")}>
        <ul className="catalogue__list" role="list">
          {data.tabs.map((tab) => (
            <li key={tab.id}>
              <Link className="catalogue__tab" to={tab.href} preventScrollReset aria-current={tab.id === data.selected ? "page" : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="catalogue__panel">
        <h3 className="catalogue__title">{selected.label}</h3>
        <p className="catalogue__description">{selected.description}</p>
        <OfferGrid offers={data.offers} error={data.error} actionLabel={data.actionLabel} cardHeading="h4" />
      </div>
    </section>
  );
}
