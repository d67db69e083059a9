import { getSite, withProduct } from "~/lib/config/config.server";
import { isShown } from "~/features/flags/visibility";
import type { BlockContext } from "../block";

export { siteMapBlock as schema } from "./schema";

/** Generated from the navigation catalogue of site.json: never a hand-kept list; entries with `when`, `from` / `until` as this visitor sees them. */
export function load(_block: unknown, context?: Pick<BlockContext, "viewer">) {
  const { navigation, brand } = getSite();
  const viewer = context?.viewer;
  return {
    entries: navigation.filter((entry) => !viewer || isShown(entry, viewer)).map((entry) => ({
      id: entry.id,
      label: withProduct(entry.label, brand, "text"),
      path: withProduct(entry.path, brand, "path"),
    })),
  };
}
export type SiteMapData = ReturnType<typeof load>;
