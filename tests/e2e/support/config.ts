import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { topBarFor } from "./chrome-config";

/**
 * The marketing config, read at test time so the suite follows pages-config/ instead of a
 * hand-kept copy: a page added to the navigation catalogue is tested without touching a spec.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const configDir = path.join(root, "pages-config");

type Block = { type: string; title?: string; heading?: string; [key: string]: unknown };
type PageConfig = { path: string; title: string; heading: string; access?: string; flag?: string; blocks: Block[] };
type Site = {
  brand: { name: string; slug: string };
  navigation: Array<{ id: string; label: string; path: string }>;
  footer: { copyright: string; legal: Array<{ type: string; label: string; modal?: string }> };
  redirects: Array<{ from: string; to: string }>;
};

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(configDir, file), "utf8")) as T;

export const site = readJson<Site>("site.json");

/** `{product}` is the brand slug in a path and the brand name in copy (config.server.ts withProduct). */
export const productPath = (value: string) => value.replaceAll("{product}", site.brand.slug);
export const productText = (value: string) => value.replaceAll("{product}", site.brand.name);

export const pages: PageConfig[] = readdirSync(path.join(configDir, "pages"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => readJson<PageConfig>(path.join("pages", file)))
  .map((page) => ({ ...page, path: productPath(page.path) }));

export function pageAt(pathname: string): PageConfig {
  const page = pages.find((entry) => entry.path === pathname);
  if (!page) throw new Error(`pages-config/pages has no page with path ${pathname}`);
  return page;
}

/** What the page's h1 says: the first hero's title when the page opens with a hero, else its heading. */
export function expectedHeading(page: PageConfig): string {
  const [first] = page.blocks;
  return productText(first?.type === "hero" && first.title ? first.title : page.heading);
}

/** The navigation catalogue with `{product}` resolved, as the site map shows it. */
export const navigation = site.navigation.map((entry) => ({
  ...entry,
  label: productText(entry.label),
  path: productPath(entry.path),
}));

const pagePaths = new Set(pages.map((page) => page.path));

/** Public pages every visitor can open: the catalogue plus the configured pages the top bar links to. */
export const publicPaths = [
  ...new Set([...navigation.map((entry) => entry.path), ...topBarFor(null).map((link) => link.url).filter((url) => pagePaths.has(url))]),
];

const locale = JSON.parse(readFileSync(path.join(root, "locales/es-MX/blocks.json"), "utf8")) as {
  siteMap: { label: string };
};

/** The accessible name of the site-map block's <nav>: its heading, or the catalogue default. */
export function siteMapLabel(): string {
  const block = pageAt("/mapa-sitio").blocks.find((entry) => entry.type === "siteMap");
  return block?.heading ?? locale.siteMap.label;
}

const { categories } = readJson<{ categories: Array<{ id: string; label: string }> }>("recharges.json");

/** The tabs of a page's offer catalogue: its catalogue block's categories, in that order, with their labels. */
export function catalogueCategories(pathname: string): Array<{ id: string; label: string }> {
  const block = pageAt(pathname).blocks.find((entry) => entry.type === "catalogue");
  const ids = (block?.categories ?? []) as string[];
  return ids.map((id) => {
    const category = categories.find((entry) => entry.id === id);
    if (!category) throw new Error(`pages-config/recharges.json has no category ${id}`);
    return category;
  });
}
