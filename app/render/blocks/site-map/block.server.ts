import { getSite, withProduct } from "~/lib/config/config.server";

export { siteMapBlock as schema } from "./schema";

/** Generated from the navigation catalogue of site.json: never a hand-kept list. */
export function load() {
  const { navigation, brand } = getSite();
  return {
    entries: navigation.map((entry) => ({
      id: entry.id,
      label: withProduct(entry.label, brand, "text"),
      path: withProduct(entry.path, brand, "path"),
    })),
  };
}
export type SiteMapData = ReturnType<typeof load>;
