import type { ConfigOf } from "./files";
import type { ParsedConfig } from "./check-files.server";
import type { Reference } from "./check-targets.server";

/** Every path the config writes outside the blocks, with what it must lead to. */
export function* references(parsed: ParsedConfig): Generator<Reference> {
  if (parsed.site) yield* siteReferences(parsed.site);
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
