import { readFileSync, readdirSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { block, type Block } from "#schemas/config";
import { parseBlocks } from "./blocks";
import { configFiles, kindOf, type ConfigKind, type ConfigOf } from "./files";
import type { ConfigProblem } from "./problems";
import { readConfigFile, type ReadResult } from "./store.server";

export type CheckOptions = { configDir: string; publicDir: string; routesDir: string };
export type CheckResult = { problems: ConfigProblem[]; filesChecked: number };

const requiredFiles = ["site.json", "flags.json", "widget.json", "recharges.json"];

const unrecognised =
  "archivo no reconocido: los archivos válidos son site.json, flags.json, widget.json, recharges.json, " +
  "pages/<nombre>.json, modals/<nombre>.json y banners/<vista>.json (nombres en minúsculas, números y guiones)";

const deadLink = (pathname: string) =>
  `la ruta local «${pathname}» no existe (ni página en pages-config/pages ni ruta en app/routes ni archivo en public/)`;

/**
 * Validates every file of pages-config/ and then what no single schema can see: links, files in
 * public/, offers, flags and modals named from one file and defined in another. Reads the disk on
 * every call (no cache) so it can run in CI, in tests and beside a running site alike.
 */
export function checkConfig(options: CheckOptions): CheckResult {
  const { parsed, problems, filesChecked } = loadConfig(options.configDir);
  const slug = parsed.site?.brand.slug ?? rawBrandSlug(options.configDir);
  const checker = new CrossChecker(options, slug, parsed);

  for (const reference of references(parsed)) {
    const problem = checker.verify(reference);
    if (problem) problems.push(problem);
  }
  problems.push(...checker.crossChecks());

  // Grouped by file (stable sort keeps the order found inside each file).
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { problems, filesChecked };
}

type IndexedBlock = { index: number; block: Block };

type ParsedConfig = {
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

function loadConfig(configDir: string) {
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
        parsed.site = result.value as ConfigOf<"site">;
        break;
      case "flags":
        parsed.flags = result.value as ConfigOf<"flags">;
        break;
      case "widget":
        parsed.widget = result.value as ConfigOf<"widget">;
        break;
      case "recharges":
        parsed.recharges = result.value as ConfigOf<"recharges">;
        break;
      case "page": {
        const page = result.value as ConfigOf<"page">;
        parsed.pages.push({ file, page, blocks: indexedBlocks(page.blocks, file, problems) });
        break;
      }
      case "modal": {
        const modal = result.value as ConfigOf<"modal">;
        parsed.modals.push({ file, blocks: indexedBlocks(modal.blocks, file, problems) });
        break;
      }
      case "banners":
        parsed.banners.push({ file, content: result.value as ConfigOf<"banners"> });
        break;
    }
  }
  return { parsed, problems, filesChecked: found.length };
}

function read<K extends ConfigKind>(configDir: string, relativePath: string, kind: K): ReadResult<ConfigOf<K>> {
  return readConfigFile(configDir, relativePath, configFiles[kind].schema) as ReadResult<ConfigOf<K>>;
}

/** parseBlocks says what is wrong; the cross-checks also need where each valid block sits. */
function indexedBlocks(raw: ReadonlyArray<{ type: string }>, file: string, problems: ConfigProblem[]): IndexedBlock[] {
  problems.push(...parseBlocks(raw, file).problems);
  return raw.flatMap((candidate, index) => {
    const result = block.safeParse(candidate);
    return result.success ? [{ index, block: result.data }] : [];
  });
}

function listJsonFiles(root: string): string[] {
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
function rawBrandSlug(configDir: string): string {
  const brand = rawField(configDir, "site.json", "brand");
  const slug = brand && typeof brand === "object" ? (brand as Record<string, unknown>).slug : undefined;
  return typeof slug === "string" && /^[a-z0-9-]+$/.test(slug) ? slug : "bait";
}

/** A path written in the config. `link` is a page, a route or a public file; the rest are files in public/. */
type Reference = { file: string; path: string; target: string; as: "link" | "pdf" | "image" | "media" };

function* references(parsed: ParsedConfig): Generator<Reference> {
  if (parsed.site) yield* siteReferences(parsed.site);
  for (const { file, blocks } of [...parsed.pages, ...parsed.modals]) yield* blockReferences(file, blocks, parsed.recharges);
  if (parsed.recharges) {
    const file = "pages-config/recharges.json";
    for (const [index, category] of parsed.recharges.categories.entries()) {
      if (category.page) yield { file, path: `categories[${index}].page`, target: category.page, as: "link" };
    }
    for (const [index, offer] of parsed.recharges.offers.entries()) {
      yield { file, path: `offers[${index}].imageDesktop`, target: offer.imageDesktop, as: "image" };
      yield { file, path: `offers[${index}].imageMobile`, target: offer.imageMobile, as: "image" };
    }
  }
  if (parsed.widget) {
    const file = "pages-config/widget.json";
    for (const list of ["services", "stores"] as const) {
      for (const [index, item] of parsed.widget[list].entries()) {
        yield { file, path: `${list}[${index}].link`, target: item.link, as: "link" };
        yield { file, path: `${list}[${index}].thumbnail`, target: item.thumbnail, as: "image" };
        if (item.media) yield { file, path: `${list}[${index}].media`, target: item.media, as: "media" };
      }
    }
  }
  for (const { file, content } of parsed.banners) {
    for (const [index, banner] of content.banners.entries()) {
      yield { file, path: `banners[${index}].imageDesktop`, target: banner.imageDesktop, as: "image" };
      yield { file, path: `banners[${index}].imageMobile`, target: banner.imageMobile, as: "image" };
      if (banner.action === "navigate") yield { file, path: `banners[${index}].actionOptions.url`, target: banner.actionOptions.url, as: "link" };
      if (banner.action === "openFile") yield { file, path: `banners[${index}].actionOptions.url`, target: banner.actionOptions.url, as: "pdf" };
    }
  }
}

function* siteReferences(site: ConfigOf<"site">): Generator<Reference> {
  const file = "pages-config/site.json";
  yield { file, path: "brand.logo.src", target: site.brand.logo.src, as: "image" };
  for (const [index, entry] of site.navigation.entries()) yield { file, path: `navigation[${index}].path`, target: entry.path, as: "link" };
  for (const [groupIndex, group] of site.menu.groups.entries()) {
    if (group.url) yield { file, path: `menu.groups[${groupIndex}].url`, target: group.url, as: "link" };
    for (const [index, option] of group.options.entries()) {
      yield { file, path: `menu.groups[${groupIndex}].options[${index}].url`, target: option.url, as: "link" };
    }
  }
  for (const [index, option] of site.menu.topBar.entries()) yield { file, path: `menu.topBar[${index}].url`, target: option.url, as: "link" };
  for (const column of ["local", "documents", "legal"] as const) {
    for (const [index, option] of site.footer[column].entries()) {
      const where = `footer.${column}[${index}].url`;
      if (option.type === "urlLocal") yield { file, path: where, target: option.url, as: "link" };
      if (option.type === "pdf") yield { file, path: where, target: option.url, as: "pdf" };
    }
  }
  yield { file, path: "sideBar.manage.url", target: site.sideBar.manage.url, as: "link" };
}

const linkKeys = new Set(["href", "mapsUrl"]);
const markdownLink = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

function* blockReferences(file: string, blocks: IndexedBlock[], recharges: ConfigOf<"recharges"> | undefined): Generator<Reference> {
  for (const { index, block } of blocks) {
    const at = `blocks[${index}]`;
    // Every string may carry [texto](/ruta) links; every href is a link whatever block holds it.
    for (const { value, key, where } of strings(block, at)) {
      if (linkKeys.has(key)) yield { file, path: where, target: value, as: "link" };
      for (const match of value.matchAll(markdownLink)) yield { file, path: where, target: match[1] ?? "", as: "link" };
    }
    if (block.type === "hero" && block.image) yield { file, path: `${at}.image.src`, target: block.image.src, as: "image" };
    if (block.type === "offers" && block.actionHref) {
      const sample = recharges?.offers.find((offer) => offer.category === block.category)?.offerId ?? "oferta";
      yield { file, path: `${at}.actionHref`, target: block.actionHref.replaceAll("{offerId}", sample), as: "link" };
    }
  }
}

function* strings(value: unknown, where: string, key = ""): Generator<{ value: string; key: string; where: string }> {
  if (typeof value === "string") yield { value, key, where };
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${where}[${index}]`);
  else if (value && typeof value === "object") {
    // actionHref has its own placeholder and is checked by blockReferences.
    for (const [child, item] of Object.entries(value)) if (child !== "actionHref") yield* strings(item, `${where}.${child}`, child);
  }
}

/** A URL pattern of app/routes: a string is a literal segment, null is a `$param`. */
type RoutePattern = ReadonlyArray<string | null>;

class CrossChecker {
  private pageFiles = new Map<string, string>();
  private routes: RoutePattern[];
  private publicFiles = new Map<string, boolean>();

  constructor(
    private options: CheckOptions,
    private slug: string,
    private parsed: ParsedConfig,
  ) {
    for (const page of parsed.pagePaths) {
      const pathname = this.pathname(page.path);
      if (pathname && !this.pageFiles.has(pathname)) this.pageFiles.set(pathname, page.file);
    }
    this.routes = routePatterns(options.routesDir);
  }

  /** A local path with `{product}` resolved, without query, hash or trailing slash; null for external links. */
  pathname(target: string): string | null {
    if (!target.startsWith("/") || target.startsWith("//")) return null;
    const pathname = target.replaceAll("{product}", this.slug).replace(/[?#].*$/s, "");
    return pathname.replace(/\/+$/, "") || "/";
  }

  verify(reference: Reference): ConfigProblem | null {
    const pathname = this.pathname(reference.target);
    if (!pathname) return null;
    const at = { file: reference.file, path: reference.path };
    if (reference.as === "pdf" || /\.pdf$/i.test(pathname)) {
      return this.isPublicFile(pathname) ? null : { ...at, message: `el PDF «${pathname}» no existe en public/` };
    }
    if (reference.as === "image") return this.isPublicFile(pathname) ? null : { ...at, message: `la imagen «${pathname}» no existe en public/` };
    if (reference.as === "media") return this.isPublicFile(pathname) ? null : { ...at, message: `el archivo «${pathname}» no existe en public/` };
    return this.isReal(pathname) ? null : { ...at, message: deadLink(pathname) };
  }

  crossChecks(): ConfigProblem[] {
    return [...this.redirectProblems(), ...this.pageProblems(), ...this.siteProblems(), ...this.bannerProblems()];
  }

  private isReal(pathname: string): boolean {
    return this.pageFiles.has(pathname) || this.isRoute(pathname) || this.isPublicFile(pathname);
  }

  private isRoute(pathname: string): boolean {
    const segments = pathname.split("/").filter(Boolean).map(decode);
    return this.routes.some(
      (pattern) => pattern.length === segments.length && pattern.every((segment, index) => segment === null || segment === segments[index]),
    );
  }

  private isPublicFile(pathname: string): boolean {
    let known = this.publicFiles.get(pathname);
    if (known === undefined) {
      const root = path.resolve(this.options.publicDir);
      const full = path.join(root, decode(pathname));
      try {
        known = full.startsWith(root + path.sep) && statSync(full).isFile();
      } catch {
        known = false;
      }
      this.publicFiles.set(pathname, known);
    }
    return known;
  }

  private *redirectProblems(): Generator<ConfigProblem> {
    const site = this.parsed.site;
    if (!site) return;
    const file = "pages-config/site.json";
    const redirects = site.redirects.map((rule) => ({ from: this.pathname(rule.from) ?? rule.from, to: this.pathname(rule.to) ?? rule.to }));
    const byFrom = new Map<string, number>();
    for (const [index, { from }] of redirects.entries()) {
      const first = byFrom.get(from);
      if (first !== undefined) yield { file, path: `redirects[${index}].from`, message: `la redirección desde «${from}» está repetida (ya está en redirects[${first}])` };
      else byFrom.set(from, index);
      const page = this.pageFiles.get(from);
      if (page) yield { file, path: `redirects[${index}].from`, message: `«${from}» es la ruta de la página ${page}: la redirección la taparía` };
    }
    for (const [index, { from, to }] of redirects.entries()) {
      const where = `redirects[${index}].to`;
      const next = byFrom.get(to);
      if (next === undefined) {
        if (!this.isReal(to)) yield { file, path: where, message: deadLink(to) };
        continue;
      }
      const trail = [from, to];
      const seen = new Set([from]);
      let current = to;
      let loops = false;
      for (let step = byFrom.get(current); step !== undefined; step = byFrom.get(current)) {
        if (seen.has(current)) {
          loops = true;
          break;
        }
        seen.add(current);
        current = redirects[step]?.to ?? current;
        trail.push(current);
      }
      yield {
        file,
        path: where,
        message: loops
          ? `bucle de redirecciones: ${trail.join(" → ")}`
          : `«${to}» también se redirige (redirects[${next}]), lo que hace una cadena ${trail.join(" → ")}; apunta directo a «${current}»`,
      };
    }
  }

  private *pageProblems(): Generator<ConfigProblem> {
    const firstByPath = new Map<string, string>();
    for (const page of this.parsed.pagePaths) {
      const pathname = this.pathname(page.path) ?? page.path;
      const first = firstByPath.get(pathname);
      if (first) yield { file: page.file, path: "path", message: `la ruta «${pathname}» ya la usa ${first}` };
      else firstByPath.set(pathname, page.file);
    }
    for (const { file, page, blocks } of this.parsed.pages) {
      const flag = this.unknownFlag(file, "flag", page.flag);
      if (flag) yield flag;
      if (!this.parsed.recharges) continue;
      for (const { index, block } of blocks) {
        if (block.type === "offers" && !this.parsed.recharges.offers.some((offer) => offer.category === block.category)) {
          yield { file, path: `blocks[${index}].category`, message: `la categoría «${block.category}» no tiene ofertas en pages-config/recharges.json` };
        }
        if (block.type === "catalogue") {
          for (const [tab, category] of block.categories.entries()) {
            if (!this.parsed.recharges.offers.some((offer) => offer.category === category)) {
              yield { file, path: `blocks[${index}].categories[${tab}]`, message: `la categoría «${category}» no tiene ofertas en pages-config/recharges.json` };
            }
          }
        }
      }
    }
  }

  private *siteProblems(): Generator<ConfigProblem> {
    const site = this.parsed.site;
    if (!site) return;
    const file = "pages-config/site.json";
    const flags: Array<ConfigProblem | null> = [];
    for (const [groupIndex, group] of site.menu.groups.entries()) {
      flags.push(this.unknownFlag(file, `menu.groups[${groupIndex}].flag`, group.flag));
      for (const [index, option] of group.options.entries()) {
        flags.push(this.unknownFlag(file, `menu.groups[${groupIndex}].options[${index}].flag`, option.flag));
      }
    }
    for (const [index, option] of site.menu.topBar.entries()) flags.push(this.unknownFlag(file, `menu.topBar[${index}].flag`, option.flag));
    for (const problem of flags) if (problem) yield problem;

    for (const column of ["local", "documents", "legal"] as const) {
      for (const [index, option] of site.footer[column].entries()) {
        if (option.type === "modal" && !this.parsed.files.has(`modals/${option.modal}.json`)) {
          yield { file, path: `footer.${column}[${index}].modal`, message: `el modal «${option.modal}» no existe: falta pages-config/modals/${option.modal}.json` };
        }
      }
    }
    const policy = site.cookies.policyModal;
    if (!this.parsed.files.has(`modals/${policy}.json`)) {
      yield { file, path: "cookies.policyModal", message: `el modal «${policy}» no existe: falta pages-config/modals/${policy}.json` };
    }
  }

  private *bannerProblems(): Generator<ConfigProblem> {
    const offers = this.parsed.recharges?.offers;
    if (!offers) return;
    for (const { file, content } of this.parsed.banners) {
      for (const [index, banner] of content.banners.entries()) {
        if (banner.action !== "recharge") continue;
        const { offerId, type } = banner.rechargeOptions;
        const offer = offers.find((candidate) => candidate.offerId === offerId);
        if (!offer) {
          yield { file, path: `banners[${index}].rechargeOptions.offerId`, message: `la oferta «${offerId}» no existe en pages-config/recharges.json` };
        } else if (offer.type !== type) {
          yield {
            file,
            path: `banners[${index}].rechargeOptions.type`,
            message: `el tipo ${type} no coincide con el de la oferta «${offerId}» en pages-config/recharges.json (${offer.type})`,
          };
        }
      }
    }
  }

  private unknownFlag(file: string, where: string, flag: string | undefined): ConfigProblem | null {
    const flags = this.parsed.flags;
    if (!flag || !flags || Object.hasOwn(flags, flag)) return null;
    return { file, path: where, message: `el flag «${flag}» no está definido en pages-config/flags.json (los flags son: ${Object.keys(flags).join(", ")})` };
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const routeModule = /\.(tsx|ts|jsx|js|mdx|md)$/;

function routePatterns(routesDir: string): RoutePattern[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(routesDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const ids: string[] = [];
  for (const entry of entries) {
    // Same exclusions as ignoredRouteFiles in remix.config.js.
    if (entry.name.startsWith(".") || /\.test\.(tsx|ts)$/.test(entry.name)) continue;
    if (entry.isDirectory()) {
      const inside = readdirSync(path.join(routesDir, entry.name));
      if (inside.some((name) => /^(route|index)\.(tsx|ts|jsx|js|mdx|md)$/.test(name))) ids.push(entry.name);
    } else if (routeModule.test(entry.name)) {
      ids.push(entry.name.replace(routeModule, ""));
    }
  }
  return ids.flatMap(patternsOfRoute);
}

/**
 * `api.locales.$ns` → [api, locales, null]. Splats give nothing: a catch-all proves no path
 * exists. A pathless layout alone (`_auth`) matches nothing either.
 */
function patternsOfRoute(id: string): RoutePattern[] {
  let variants: Array<Array<string | null>> = [[]];
  let matches = false;
  for (let raw of splitRouteId(id)) {
    if (raw === "_index") {
      matches = true;
      continue;
    }
    if (raw.startsWith("_")) continue;
    if (raw.endsWith("_")) raw = raw.slice(0, -1);
    const optional = raw.startsWith("(") && raw.endsWith(")");
    if (optional) raw = raw.slice(1, -1);
    if (raw === "$") return [];
    const segment = raw.startsWith("$") ? null : raw.replace(/\[([^\]]*)\]/g, "$1");
    matches = true;
    variants = optional ? variants.flatMap((variant) => [variant, [...variant, segment]]) : variants.map((variant) => [...variant, segment]);
  }
  return matches ? variants : [];
}

/** Splits on the dots that are not escaped inside `[…]`. */
function splitRouteId(id: string): string[] {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of id) {
    if (char === "[") escaped = true;
    else if (char === "]") escaped = false;
    if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  segments.push(current);
  return segments;
}
