import type { ReactNode } from "react";
import { Icon } from "~/components/icon";
import { useOfferDetailFunnel } from "./offer-form";

/**
 * The offer at the top of every offer modal (a recharge, a SIM, an eSIM): its name when the modal
 * shows one, the price, the validity and what it includes; `children` follow inside (the
 * recharge's secure-payment badge). Opening it reports GoToDetail (docs/recharge.md "Funnel").
 */
export function OfferSummary({
  offer,
  type,
  name,
  price,
  includesTitle,
  className,
  children,
}: {
  offer: { offerId: string; validityText: string; features: readonly string[] };
  /** The offer type the funnel reports. */
  type: number;
  name?: string;
  price?: { label: string; amount: string };
  includesTitle: string;
  className?: string;
  children?: ReactNode;
}) {
  useOfferDetailFunnel(offer.offerId, type);
  // Under the offer's name the list's title is one level below it.
  const IncludesTitle = name ? "h4" : "h3";
  return (
    <div className={className ? `recharge-offer ${className}` : "recharge-offer"}>
      {name ? <h3 className="sim-offer__name">{name}</h3> : null}
      {price ? (
        <p className="recharge-offer__price">
          <span className="recharge-offer__price-label">{price.label}</span>
          <span className="recharge-offer__amount">{price.amount}</span>
        </p>
      ) : null}
      <p className="recharge-offer__validity">
        <Icon name="clock" /> {offer.validityText}
      </p>
      <IncludesTitle className="recharge-offer__includes-title">{includesTitle}</IncludesTitle>
      <ul className="recharge-offer__includes">
        {offer.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {children}
    </div>
  );
}
