import type { Banner, Block, ModalDefinition, PageDefinition } from "#schemas/config";
import { env } from "../env.server";
import { parseBlocks } from "./blocks";
import { formatProblem } from "./problems";
import { ConfigStore } from "./store.server";

export const configStore = new ConfigStore(env.configDir);

export const getSite = () => configStore.get("site", "site.json");
export const getFlags = () => configStore.get("flags", "flags.json");
export const getWidget = () => configStore.get("widget", "widget.json");
export const getRecharges = () => configStore.get("recharges", "recharges.json");

/** `{product}` in paths is the brand slug (bait-prepago); in copy it is the brand name. */
export function withProduct(text: string, { slug, name }: { slug: string; name: string }, as: "path" | "text") {
  return text.replaceAll("{product}", as === "path" ? slug : name);
}

export type LoadedPage = {
  file: string;
  definition: PageDefinition;
  path: string;
  blocks: Block[];
};

const parsedBlocks = new WeakMap<object, Block[]>();

function blocksOf(file: string, owner: { blocks: Array<{ type: string }> }): Block[] {
  let blocks = parsedBlocks.get(owner);
  if (!blocks) {
    const result = parseBlocks(owner.blocks, `pages-config/${file}`);
    for (const problem of result.problems) console.error(`[config] bloque omitido: ${formatProblem(problem)}`);
    blocks = result.blocks;
    parsedBlocks.set(owner, blocks);
  }
  return blocks;
}

export function getPages(): LoadedPage[] {
  const { brand } = getSite();
  return configStore.list("pages").flatMap((file) => {
    try {
      const definition = configStore.get("page", file);
      return [{ file, definition, path: withProduct(definition.path, brand, "path"), blocks: blocksOf(file, definition) }];
    } catch (error) {
      console.error(`[config] página no disponible: ${error instanceof Error ? error.message : String(error)}`);
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
    return configStore.read("banners", `banners/${view}.json`)?.banners ?? [];
  } catch (error) {
    console.error(`[config] banners de «${view}» no disponibles: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

export function getModal(id: string): (ModalDefinition & { parsedBlocks: Block[] }) | undefined {
  if (!/^[a-z0-9-]+$/.test(id)) return undefined;
  try {
    const file = `modals/${id}.json`;
    const modal = configStore.read("modal", file);
    return modal ? { ...modal, parsedBlocks: blocksOf(file, modal) } : undefined;
  } catch (error) {
    console.error(`[config] modal «${id}» no disponible: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** The banner view of a path: its last segment, `inicio` for the home page. */
export function bannerViewOf(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  return segments.at(-1) ?? "inicio";
}
