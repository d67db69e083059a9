import type { Banner, ModalDefinition, PageDefinition } from "#schemas/config";
import { logger } from "../log.server";
import { draftStoreForRequest } from "./draft.server";
import { liveStore, seedStore } from "./live.server";

/**
 * pages-config/ as deployed (live.server.ts `seedStore`): what the site serves with the studio off
 * or while nothing is published. What a request is served is `liveStore()` (the published version
 * when there is one), or a preview's store.
 */
export const configStore = seedStore;

/** The store this request reads: a preview's (draft.server.ts) during a preview of a valid draft, else the live one (live.server.ts). */
const storeNow = () => draftStoreForRequest() ?? liveStore();

export const getSite = () => storeNow().get("site", "site.json");
export const getFlags = () => storeNow().get("flags", "flags.json");
export const getWidget = () => storeNow().get("widget", "widget.json");
export const getRecharges = () => storeNow().get("recharges", "recharges.json");

/** `{product}` in paths is the brand slug (bait-prepago); in copy it is the brand name. */
export function withProduct(text: string, { slug, name }: { slug: string; name: string }, as: "path" | "text") {
  return text.replaceAll("{product}", as === "path" ? slug : name);
}

/** A page as written; its blocks stay loose until the renderer parses them (lib knows no block type). */
export type LoadedPage = {
  file: string;
  definition: PageDefinition;
  path: string;
};

export function getPages(): LoadedPage[] {
  const { brand } = getSite();
  const store = storeNow();
  return store.list("pages").flatMap((file) => {
    try {
      const definition = store.get("page", file);
      return [{ file, definition, path: withProduct(definition.path, brand, "path") }];
    } catch (error) {
      logger("config").error({ file, err: error }, "página no disponible");
      return [];
    }
  });
}

export function findPage(pathname: string): LoadedPage | undefined {
  const normalized = pathname !== "/" ? pathname.replace(/\/+$/, "") : "/";
  return getPages().find((page) => page.path === normalized);
}

/** Banners of a view; a missing or never-valid file means no carousel, never an error. */
export function getBanners(view: string): Banner[] {
  if (!/^[a-z0-9-]+$/.test(view)) return [];
  try {
    return storeNow().read("banners", `banners/${view}.json`)?.banners ?? [];
  } catch (error) {
    logger("config").error({ view, err: error }, "banners no disponibles");
    return [];
  }
}

export function getModal(id: string): (ModalDefinition & { file: string }) | undefined {
  if (!/^[a-z0-9-]+$/.test(id)) return undefined;
  try {
    const file = `modals/${id}.json`;
    const modal = storeNow().read("modal", file);
    return modal ? { ...modal, file } : undefined;
  } catch (error) {
    logger("config").error({ modal: id, err: error }, "modal no disponible");
    return undefined;
  }
}

/** The banner view of a path: its last segment, `inicio` for the home page. */
export function bannerViewOf(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  return segments.at(-1) ?? "inicio";
}
