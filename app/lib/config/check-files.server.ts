import { readFileSync, readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import { parseBlocks, type BlockKinds } from "./blocks";
import { configFiles, kindOf, type ConfigKind, type ConfigOf } from "./files";
import type { ConfigProblem } from "./problems";
import { readConfigFile, type ReadResult } from "./store.server";

export type IndexedBlock = { index: number; block: { type: string } };

/** Every file of pages-config/ read and validated on its own, before the cross-checks. */
export type ParsedConfig = {
  files: Set<string>;
  site?: ConfigOf<"site">;
  flags?: ConfigOf<"flags">;
  widget?: ConfigOf<"widget">;
  recharges?: ConfigOf<"recharges">;
  pages: Array<{ file: string; page: ConfigOf<"page">; blocks: IndexedBlock[] }>;
  modals: Array<{ file: string; blocks: IndexedBlock[] }>;
  banners: Array<{ file: string; content: ConfigOf<"banners"> }>;
  /**
   * The path of every page whose JSON is readable, valid or not: a page rejected for a long
   * description is reported once, not again from every link that points to it.
   */
  pagePaths: Array<{ file: string; path: string }>;
};

const requiredFiles = ["site.json", "flags.json", "widget.json", "recharges.json"];

const unrecognised =
  "archivo no reconocido: los archivos válidos son site.json, flags.json, widget.json, recharges.json, " +
  "pages/<nombre>.json, modals/<nombre>.json y banners/<vista>.json (nombres en minúsculas, números y guiones)";

export function loadConfig(configDir: string, kinds: BlockKinds) {
  const found = listJsonFiles(configDir);
  const problems: ConfigProblem[] = [];
  const parsed: ParsedConfig = { files: new Set(found), pages: [], modals: [], banners: [], pagePaths: [] };

  for (const relativePath of [...new Set([...requiredFiles, ...found])].sort()) {
    const file = `pages-config/${relativePath}`;
    const kind = kindOf(relativePath);
    if (!kind) {
      problems.push({ file, path: "", message: unrecognised });
      continue;
    }
    const result = read(configDir, relativePath, kind);
    if (kind === "page") {
      const value = result.ok ? (result.value as ConfigOf<"page">) : undefined;
      const pagePath = value?.path ?? rawField(configDir, relativePath, "path");
      if (typeof pagePath === "string") parsed.pagePaths.push({ file, path: pagePath });
    }
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    switch (kind) {
      case "site":
      case "flags":
      case "widget":
      case "recharges":
        setSingle(parsed, kind, result.value);
        break;
      case "page": {
        const page = result.value as ConfigOf<"page">;
        parsed.pages.push({ file, page, blocks: indexedBlocks(page.blocks, file, kinds, problems) });
        break;
      }
      case "modal": {
        const modal = result.value as ConfigOf<"modal">;
        parsed.modals.push({ file, blocks: indexedBlocks(modal.blocks, file, kinds, problems) });
        break;
      }
      case "banners":
        parsed.banners.push({ file, content: result.value as ConfigOf<"banners"> });
        break;
    }
  }
  return { parsed, problems, filesChecked: found.length };
}

type SingleKind = "site" | "flags" | "widget" | "recharges";

/** A file of which there is one (site.json, flags.json, widget.json, recharges.json), under its kind. */
function setSingle<K extends SingleKind>(parsed: ParsedConfig, kind: K, value: unknown) {
  parsed[kind] = value as ParsedConfig[K];
}

function read<K extends ConfigKind>(configDir: string, relativePath: string, kind: K): ReadResult<ConfigOf<K>> {
  return readConfigFile(configDir, relativePath, configFiles[kind].schema) as ReadResult<ConfigOf<K>>;
}

function indexedBlocks(raw: ReadonlyArray<{ type: string }>, file: string, kinds: BlockKinds, problems: ConfigProblem[]): IndexedBlock[] {
  const { blocks, problems: found } = parseBlocks(raw, file, kinds);
  problems.push(...found);
  return blocks;
}

/** The .json files of `root` and its subfolders, relative, with forward slashes, sorted (hidden ones left out). */
export function listJsonFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith(".json")) found.push(child);
    }
  };
  walk("");
  return found.sort();
}

function rawField(configDir: string, relativePath: string, field: string): unknown {
  try {
    const json: unknown = JSON.parse(readFileSync(path.join(configDir, relativePath), "utf8"));
    return json && typeof json === "object" ? (json as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}

/** With site.json rejected, its slug (or the schema's default) still resolves `{product}`. */
export function rawBrandSlug(configDir: string): string {
  const brand = rawField(configDir, "site.json", "brand");
  const slug = brand && typeof brand === "object" ? (brand as Record<string, unknown>).slug : undefined;
  return typeof slug === "string" && /^[a-z0-9-]+$/.test(slug) ? slug : "bait";
}
