export const WIDGET_PARAM = "widget";
export const ITEM_PARAM = "elemento";

/** The widget is a URL: ?widget=beneficios|tiendas, and &elemento=id for a chosen item. */
export function widgetHref(location: { pathname: string; search: string }, tab: "beneficios" | "tiendas", item?: string) {
  const params = new URLSearchParams(location.search);
  params.set(WIDGET_PARAM, tab);
  if (item) params.set(ITEM_PARAM, item);
  else params.delete(ITEM_PARAM);
  return `${location.pathname}?${params.toString()}`;
}
