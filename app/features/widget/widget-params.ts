import { herePath } from "~/lib/return-path";

export const WIDGET_PARAM = "widget";
export const ITEM_PARAM = "elemento";

/** The widget is a URL: ?widget=beneficios|tiendas, and &elemento=id for a chosen item. */
export function widgetHref(location: { pathname: string; search: string }, tab: "beneficios" | "tiendas", item?: string) {
  // The page's own path through herePath (lib/return-path.ts): never `//host` at a 404 such as `//evil.example?widget=…`.
  const params = new URLSearchParams(location.search);
  params.set(WIDGET_PARAM, tab);
  if (item) params.set(ITEM_PARAM, item);
  else params.delete(ITEM_PARAM);
  return herePath({ pathname: location.pathname, search: params.toString() });
}
