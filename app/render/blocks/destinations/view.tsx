import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../block";
import { BlockHeading } from "../block-heading";
import type { DestinationsData } from "./block.server";
import type { DestinationsBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

/**
 * Where the international packages work, in two lists, with a search by destination: a GET form
 * (`?destino=`) that the server answers with the lists filtered, so it works without JavaScript.
 */
export function DestinationsBlock({ block, data }: ViewProps<DestinationsBlockConfig, DestinationsData>) {
  const { t } = useTranslation("blocks");
  const here = `${useLocation().pathname}#destinos`;
  const { query } = data;
  const lists = data.lists.filter((list) => list.destinations.length > 0);
  const ListHeading = query ? "h4" : "h3";
  return (
    <section ref={markHydrated} className="block destinations" id="destinos">
      <BlockHeading heading={block.heading} intro={block.intro} />
      <Form ref={markHydrated} method="get" action={here} preventScrollReset className="destinations__search" role="search">
        <label className="field__label" htmlFor="destino">
          {t("blocks:destinations.search")}
        </label>
        <div className="destinations__row">
          <div className="field__control">
            <input key={query} className="field__input" id="destino" name="destino" type="search" defaultValue={query} placeholder={t("blocks:destinations.placeholder")} />
          </div>
          <button className="button button--primary" type="submit">
            {t("blocks:destinations.submit")}
          </button>
        </div>
      </Form>
      <div className="destinations__summary" aria-live="polite">
        {query ? (
          <>
            {lists.length > 0 ? <h3 className="destinations__result">{t("blocks:destinations.results", { query })}</h3> : <p className="destinations__none">{t("blocks:destinations.noMatch", { query })}</p>}
            <Link to={here} preventScrollReset>
              {t("blocks:destinations.clear")}
            </Link>
          </>
        ) : null}
      </div>
      <div className="destinations__lists">
        {lists.map((list) => (
          <div key={list.id} className="destinations__list">
            <ListHeading className="destinations__heading">{t(`blocks:destinations.${list.id}`)}</ListHeading>
            <ul role="list">
              {list.destinations.map((destination) => (
                <li key={destination.id} className="destination">
                  <span className="destination__name">{destination.name}</span>
                  <span className="destination__offers">
                    {destination.offers.map((offer) => (
                      <Link key={offer.offerId} className="destination__offer" to={offer.href}>
                        {offer.name}
                      </Link>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
