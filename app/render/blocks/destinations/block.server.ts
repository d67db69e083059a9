import { categoryOffers } from "~/features/recharge/catalogue.server";
import { cleanDestinationQuery, searchDestinations } from "~/features/recharge/destinations";
import { offerHref } from "~/render/offer-links";
import { getRecharges } from "~/lib/config/config.server";
import type { BlockContext } from "../block";
import type { DestinationsBlockConfig } from "./schema";

export { destinationsBlock as schema } from "./schema";

export type DestinationView = { id: string; name: string; offers: Array<{ offerId: string; name: string; href: string }> };

export async function load(_block: DestinationsBlockConfig, { request, offers: source }: BlockContext): Promise<{
  /** The search as typed (tidied); "" when there is none. */
  query: string;
  /** Both lists, filtered by the search; a search that matched nothing leaves both empty. */
  lists: Array<{ id: "insideMexico" | "outsideMexico"; destinations: DestinationView[] }>;
}> {
  const { offers, international } = getRecharges();
  const query = cleanDestinationQuery(new URL(request.url).searchParams.get("destino"));
  // Live names of the packages the upstream sells (the page's offers block asks for the same
  // list); if it cannot answer, marketing's names, so the destinations still show.
  const live = await categoryOffers("internationals", offers, source);
  const packages = live.ok ? live.offers : offers.filter((offer) => offer.category === "internationals");
  const found = searchDestinations(international, query);
  const view = (list: typeof international.insideMexico) =>
    list.flatMap((destination) => {
      const covering = destination.offerIds.flatMap((offerId) => {
        const offer = packages.find((entry) => entry.offerId === offerId);
        return offer ? [{ offerId, name: offer.rechargeName, href: offerHref(offer) }] : [];
      });
      // A destination none of whose packages is on sale has nothing to offer: left out.
      return covering.length > 0 ? [{ id: destination.id, name: destination.name, offers: covering }] : [];
    });
  return {
    query,
    lists: [
      { id: "insideMexico", destinations: view(found.insideMexico) },
      { id: "outsideMexico", destinations: view(found.outsideMexico) },
    ],
  };
}
export type DestinationsData = Awaited<ReturnType<typeof load>>;
