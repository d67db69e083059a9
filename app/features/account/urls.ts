/** /home's history length is a URL (`?historial=N`, docs/customer.md): a form of links, no JavaScript needed. */
export const HISTORY_LIMIT_PARAM = "historial";
export const HISTORY_LIMITS = [5, 10, 20] as const;
export const DEFAULT_HISTORY_LIMIT = 10;

/** A limit the page offers; anything else (typed by hand) is the default. */
export function historyLimitOf(value: string | null): number {
  const wanted = Number(value);
  return (HISTORY_LIMITS as readonly number[]).includes(wanted) ? wanted : DEFAULT_HISTORY_LIMIT;
}
