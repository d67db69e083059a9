import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OfferView } from "./offer-cards.server";

/**
 * The offer cards of a category (the `offers` and `catalogue` blocks): the grid, the empty
 * message, or the upstream's error with a link that loads the page again.
 */
export function OfferGrid({ offers, error, actionLabel, cardHeading: Heading = "h3" }: { offers: OfferView[]; error: string | null; actionLabel?: string; cardHeading?: "h3" | "h4" }) {
  const { t } = useTranslation();
  const label = actionLabel ?? t("offers.recharge");
  const location = useLocation();
  if (error) {
    return (
      <div className="block__empty block__empty--error" role="alert">
        <p>{error}</p>
        {/* This very URL: the page is asked for again. */}
        <a href={`${location.pathname}${location.search}`} className="button button--secondary button--small">
          {t("offers.retry")}
        </a>
      </div>
    );
  }
  if (offers.length === 0) return <p className="block__empty">{t("offers.empty")}</p>;
  return (
    <ul className="offer-grid" role="list">
      {offers.map((offer) => (
        <li key={offer.offerId} className={offer.highlighted ? "offer offer--highlighted" : "offer"}>
          {offer.highlighted ? <p className="offer__badge">{t("offers.highlighted")}</p> : null}
          <Heading className="offer__name">{offer.rechargeName}</Heading>
          <p className="offer__price">
            <span className="visually-hidden">{t("offers.price")}: </span>
            {offer.price}
          </p>
          <p className="offer__validity">{offer.validity}</p>
          <ul className="offer__features">
            {offer.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <Link className="button button--primary offer__action" to={offer.href} preventScrollReset aria-label={`${label}: ${offer.rechargeName}, ${offer.price}`}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
