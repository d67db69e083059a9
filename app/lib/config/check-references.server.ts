import { splitLinks } from "../rich-links";
import type { ConfigOf } from "./files";
import type { IndexedBlock, ParsedConfig } from "./check-files.server";
import type { Reference } from "./check-targets.server";

/** Every path the config writes, with what it must lead to. */
export function* references(parsed: ParsedConfig): Generator<Reference> {
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

function* blockReferences(file: string, blocks: IndexedBlock[], recharges: ConfigOf<"recharges"> | undefined): Generator<Reference> {
  for (const { index, block } of blocks) {
    const at = `blocks[${index}]`;
    // Every string may carry [texto](/ruta) links; every href is a link whatever block holds it.
    for (const { value, key, where } of strings(block, at)) {
      if (linkKeys.has(key)) yield { file, path: where, target: value, as: "link" };
      for (const part of splitLinks(value)) if (typeof part !== "string") yield { file, path: where, target: part.href, as: "link" };
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
