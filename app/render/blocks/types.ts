import type { BlockOf, BlockType, OfferCategory } from "#schemas/config";

/**
 * An offer card as the browser gets it: every text already formatted on the server (price in
 * MXN, validity, data amounts), so the blocks ship no formatting code.
 */
export type OfferView = {
  offerId: string;
  category: OfferCategory;
  rechargeName: string;
  /** "$50.00" */
  price: string;
  /** "Vigencia de 30 días" */
  validity: string;
  /** "5 GB para navegar", "Redes sociales ilimitadas", the included message… */
  features: string[];
  highlighted: boolean;
  href: string;
};

/** The offers of a category, or the message shown when the upstream could not give them. */
type OfferList = { offers: OfferView[]; error: string | null };

export type CatalogueTab = { id: OfferCategory; label: string; description: string; href: string };

export type DestinationView = { id: string; name: string; offers: Array<{ offerId: string; name: string; href: string }> };

type DataByType = {
  offers: OfferList & { categoryLabel: string };
  catalogue: OfferList & { selected: OfferCategory; tabs: CatalogueTab[]; /** "Recargar", or "Comprar" for what is bought rather than recharged. */ actionLabel: string };
  destinations: {
    /** The search as typed (tidied); "" when there is none. */
    query: string;
    /** Both lists, filtered by the search; a search that matched nothing leaves both empty. */
    lists: Array<{ id: "insideMexico" | "outsideMexico"; destinations: DestinationView[] }>;
  };
  /** The update date as read: "31 de octubre de 2021". */
  legal: { updated: string };
  /** Each store's phone as read, "(55) 12 34 56 78", in the stores' order (null without one). */
  stores: { phones: Array<string | null> };
  siteMap: { entries: Array<{ id: string; label: string; path: string }> };
  embed: { src: string; origin: string };
};

export type BlockData<T extends BlockType> = T extends keyof DataByType ? DataByType[T] : null;

export type BlockProps<T extends BlockType> = { block: BlockOf<T>; data: BlockData<T> };
