import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The parts of pages-config/ the site chrome is built from (banners, widget, site.json's
 * menu, footer and side bar), read at test time like support/config.ts does.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const configDir = path.join(root, "pages-config");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(configDir, file), "utf8")) as T;

export type Banner = {
  name: string;
  alt: string;
  promotion?: string;
  action: "navigate" | "navigationExternal" | "recharge" | "openFile" | "goToStore";
  actionOptions?: { url: string; newWindow?: boolean };
  rechargeOptions?: { offerId: string };
  storeOptions?: { ios: string; android: string };
};

/** The carousel view of a path: its last segment, `inicio` for the home page. */
export function bannerView(pathname: string): string {
  return pathname.split("/").filter(Boolean).pop() ?? "inicio";
}

export function hasBannerFile(view: string): boolean {
  return existsSync(path.join(configDir, "banners", `${view}.json`));
}

export function bannersOf(view: string): Banner[] {
  return hasBannerFile(view) ? readJson<{ banners: Banner[] }>(path.join("banners", `${view}.json`)).banners : [];
}

/** Where a banner's link must point, by its action (app/features/chrome/banner-carousel.tsx). */
export function bannerHref(banner: Banner): string | null {
  switch (banner.action) {
    case "navigate":
    case "navigationExternal":
    case "openFile":
      return banner.actionOptions?.url ?? null;
    case "recharge":
      return `/recargas?recarga=${encodeURIComponent(banner.rechargeOptions?.offerId ?? "")}`;
    case "goToStore":
      return null;
  }
}

/** Promotion copy is cut at 75 characters with '…' (docs/config.md, spec §9). */
export const PROMOTION_MAX = 75;

type WidgetItem = { id: string; name: string; title: string; tagline: string; visible: boolean; estatus: string };
type WidgetConfig = { services: WidgetItem[]; service_order: string[]; stores: WidgetItem[]; stores_order: string[] };

const widget = readJson<WidgetConfig>("widget.json");

/** The items a widget tab lists: visible and active, in the configured order (unlisted ones last). */
export function widgetItems(tab: "beneficios" | "tiendas"): WidgetItem[] {
  const [items, order] = tab === "beneficios" ? [widget.services, widget.service_order] : [widget.stores, widget.stores_order];
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return items.filter((item) => item.visible && item.estatus === "activo").sort((a, b) => rank(a.id) - rank(b.id));
}

type LinkOption = { section: string; url: string; newWindow?: boolean; flag?: string; permissions?: string };
type FooterOption = { type: "url" | "urlLocal" | "pdf" | "modal"; label: string; url?: string; modal?: string; newWindow?: boolean };
type SiteChrome = {
  menu: { groups: Array<{ id: string; section: string; flag?: string; permissions?: string; options: LinkOption[] }>; topBar: LinkOption[] };
  footer: {
    local: FooterOption[];
    documents: FooterOption[];
    legal: FooterOption[];
    sisterSites: Array<{ name: string; url: string }>;
    copyright: string;
  };
  sideBar: {
    social: Array<{ network: string; label: string; url: string }>;
    whatsapp: { label: string; url: string };
    manage: { label: string; url: string; tooltip: string };
  };
  cookies: { policyModal: string; policyUpdated: string };
};

export const siteChrome = readJson<SiteChrome>("site.json");

/** The PDF documents of the footer. */
export const footerPdfs = siteChrome.footer.documents.filter((option) => option.type === "pdf") as Array<FooterOption & { url: string }>;

type Flag = { enabled: boolean; conditions?: Record<string, unknown> };
const flags = readJson<Record<string, Flag>>("flags.json");

/** A flag every visitor gets: enabled and without conditions (per-user flags are off for anonymous visitors). */
export function flagOnForEveryone(name: string): boolean {
  const flag = flags[name];
  return Boolean(flag?.enabled) && Object.keys(flag?.conditions ?? {}).length === 0;
}

const brand = readJson<{ brand: { name: string; slug: string } }>("site.json").brand;
const asText = (value: string) => value.replaceAll("{product}", brand.name);
const asPath = (value: string) => value.replaceAll("{product}", brand.slug);

/** What an anonymous visitor (`null`) gets of a menu entry: permission all/anonymous, flag on for everyone. */
const visibleToAnonymous = (entry: { permissions?: string; flag?: string }) =>
  (entry.permissions ?? "all") !== "customer" && (!entry.flag || flagOnForEveryone(entry.flag));

const asLink = (option: LinkOption) => ({ label: asText(option.section), url: asPath(option.url), newWindow: option.newWindow ?? false });

/** The menu groups and their links as an anonymous visitor sees them (chrome.server.ts loadChrome). */
export function menuGroupsFor(_user: null) {
  return siteChrome.menu.groups.filter(visibleToAnonymous).map((group) => ({
    id: group.id,
    label: asText(group.section),
    options: group.options.filter(visibleToAnonymous).map(asLink),
  }));
}

/** The top-bar links as an anonymous visitor sees them. */
export function topBarFor(_user: null) {
  return siteChrome.menu.topBar.filter(visibleToAnonymous).map(asLink);
}
