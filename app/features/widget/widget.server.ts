import type { WidgetItem } from "#schemas/config";
import { widgetContent } from "~/upstream/remote-config.server";

export const WIDGET_TABS = { beneficios: "services", tiendas: "stores" } as const;
export type WidgetTab = keyof typeof WIDGET_TABS;

export type WidgetItemView = Pick<WidgetItem, "id" | "name" | "title" | "tagline" | "description" | "button" | "link" | "thumbnail" | "media" | "brand_app">;

function ordered(items: WidgetItem[], order: string[]): WidgetItemView[] {
  const rank = (id: string) => {
    const index = order.indexOf(id);
    return index === -1 ? order.length : index;
  };
  return items
    .filter((item) => item.visible && item.estatus === "activo")
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map(({ id, name, title, tagline, description, button, link, thumbnail, media, brand_app }) => ({ id, name, title, tagline, description, button, link, thumbnail, media, brand_app }));
}

/**
 * The discovery widget for ?widget=beneficios|tiendas[&elemento=id]: visible items in config
 * order, the first selected. Its content is the widget CDN's when that is on, else widget.json's.
 */
export async function loadWidget(tabParam: string | null, itemParam: string | null) {
  if (tabParam !== "beneficios" && tabParam !== "tiendas") return null;
  const config = await widgetContent();
  const items = tabParam === "beneficios" ? ordered(config.services, config.service_order) : ordered(config.stores, config.stores_order);
  const chosen = items.find((item) => item.id === itemParam);
  return { tab: tabParam as WidgetTab, items, selectedId: chosen?.id ?? items[0]?.id ?? null, detail: Boolean(chosen) };
}

export type WidgetView = NonNullable<Awaited<ReturnType<typeof loadWidget>>>;
