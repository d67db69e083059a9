import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/react";
import { formatData, formatMoney } from "~/lib/format";
import type { BlockProps } from "./types";

export function OffersBlock({ block, data }: BlockProps<"offers">) {
  const { t } = useTranslation();
  const location = useLocation();
  const actionLabel = block.actionLabel ?? t("offers.recharge");
  return (
    <section className="block" id={`ofertas-${block.category}`}>
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      {block.intro ? <p className="block__intro">{block.intro}</p> : null}
      {data.error ? (
        <div className="block__empty block__empty--error" role="alert">
          <p>{data.error}</p>
          <a href={location.pathname + location.search} className="button button--secondary button--small">
            {t("offers.retry")}
          </a>
        </div>
      ) : data.offers.length === 0 ? (
        <p className="block__empty">{t("offers.empty")}</p>
      ) : (
        <ul className="offer-grid" role="list">
          {data.offers.map((offer) => (
            <li key={offer.offerId} className={offer.highlighted ? "offer offer--highlighted" : "offer"}>
              {offer.highlighted ? <p className="offer__badge">{t("offers.highlighted")}</p> : null}
              <h3 className="offer__name">{offer.rechargeName}</h3>
              <p className="offer__price">
                <span className="visually-hidden">{t("offers.price")}: </span>
                {formatMoney(offer.price)}
              </p>
              <p className="offer__validity">{t("offers.perDays", { count: offer.duration })}</p>
              <ul className="offer__features">
                {offer.mbNavigation > 0 ? <li>{t("offers.navigation", { amount: formatData(offer.mbNavigation) })}</li> : null}
                {offer.unlimitedSocial ? (
                  <li>{t("offers.unlimitedSocial")}</li>
                ) : offer.mbSocialNetworks > 0 ? (
                  <li>{t("offers.social", { amount: formatData(offer.mbSocialNetworks) })}</li>
                ) : null}
                <li>{offer.includeMessage}</li>
              </ul>
              <Link className="button button--primary offer__action" to={offer.href} preventScrollReset aria-label={`${actionLabel}: ${offer.rechargeName}, ${formatMoney(offer.price)}`}>
                {actionLabel}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
