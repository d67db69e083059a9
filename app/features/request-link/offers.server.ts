import type { AppLoadContext } from "@remix-run/node";
import type { LineProfile } from "#schemas/line";
import { formatMoney } from "~/lib/format";
import { viewerFor } from "~/features/flags/visibility.server";
import { createOfferSource, type CatalogueOffer } from "~/features/recharge/catalogue.server";
import { offersForLine } from "~/features/recharge/by-number.server";

/**
 * What a line may be asked and paid (docs/request-link.md): the number-first answer's rule, unchanged
 * (app/features/recharge/by-number.server.ts): the line check of the recharge modal (its kind and
 * status, with the spec's messages), then the offers of that kind's categories from
 * pages-config/recharges.json at their live price. A refused line counts against the address's
 * attempt limit of the line check, as everywhere else.
 */
export type LineOffers =
  | { ok: true; number: string; profile: LineProfile; offers: CatalogueOffer[] }
  | { ok: false; messageKey: string; values?: Record<string, string | number>; field: boolean };

export async function lineOffers(request: Request, context: AppLoadContext, number: string): Promise<LineOffers> {
  const answer = await offersForLine({ typed: number, ip: context.clientIp, source: createOfferSource(await viewerFor(request, context)) });
  if (answer.kind === "invalid") return { ok: false, messageKey: answer.messageKey, field: true };
  if (answer.kind === "refused") return { ok: false, messageKey: answer.messageKey, ...(answer.values ? { values: answer.values } : {}), field: false };
  return { ok: true, number: answer.number, profile: answer.profile, offers: answer.groups.flatMap((group) => group.offers) };
}

/** An offer as the request pages list it. */
export type OfferChoice = { offerId: string; name: string; priceText: string; days: number; includes: string[] };

export const offerChoice = (offer: CatalogueOffer): OfferChoice => ({
  offerId: offer.offerId,
  name: offer.rechargeName,
  priceText: formatMoney(offer.price),
  days: offer.duration,
  // What the offer includes, in its one line (the card's extra phrase stays on the catalogue: the list stays short on a phone).
  includes: [offer.includeMessage],
});
