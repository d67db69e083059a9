/**
 * The search by destination of the international packages (docs/recharge.md: destinations inside and
 * outside Mexico). Pure, so the page's loader filters on the server and the search works
 * without JavaScript.
 */

/** The longest search the page accepts; anything longer is cut (no country name comes close). */
export const MAX_DESTINATION_QUERY = 60;

/**
 * What a search compares: lower case, without accents or the tilde of the ñ, one space between
 * words. "  ESPAÑA " and "espana" both become "espana"; "Canadá" becomes "canada".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLocaleLowerCase("es-MX")
    .replace(/\s+/g, " ")
    .trim();
}

/** The search as typed, tidied for display and for the URL: trimmed, spaces collapsed, capped in length. */
export function cleanDestinationQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_DESTINATION_QUERY).trim();
}

export type DestinationLists<T> = { insideMexico: T[]; outsideMexico: T[] };

/**
 * The destinations of both lists whose name contains the query, ignoring case and accents, in
 * their configured order. An empty (or blank) query matches everything.
 */
export function searchDestinations<T extends { name: string }>(lists: DestinationLists<T>, query: string): DestinationLists<T> {
  const needle = foldForSearch(query);
  if (!needle) return { insideMexico: [...lists.insideMexico], outsideMexico: [...lists.outsideMexico] };
  const matches = (entry: T) => foldForSearch(entry.name).includes(needle);
  return { insideMexico: lists.insideMexico.filter(matches), outsideMexico: lists.outsideMexico.filter(matches) };
}
