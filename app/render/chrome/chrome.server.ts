import type { AppLoadContext } from "@remix-run/node";
import type { MenuOption, SiteConfig, Visibility } from "#schemas/config";
import type { SessionUser } from "#schemas/session";
import { flagSubject, isOn } from "~/features/flags/flags.server";
import { isShown, type Viewer } from "~/features/flags/visibility";
import { viewerOf } from "~/features/flags/visibility.server";
import { getSite, withProduct } from "~/lib/config/config.server";

export type ChromeLink = { label: string; url: string; newWindow: boolean };

/**
 * The menu, footer and side bar of site.json as this visitor sees them: `{product}` resolved,
 * entries filtered by permission (all / anonymous / customer), by feature flag and by their `when`
 * and `from` / `until` (docs/config.md "Visibility and scheduling").
 */
export function loadChrome(context: AppLoadContext, user: SessionUser | null) {
  const site = getSite();
  const { brand } = site;
  const subject = flagSubject(context, user);
  const viewer = viewerOf(context, user);
  const visible = (entry: { permissions: MenuOption["permissions"]; flag?: string } & Visibility) =>
    (entry.permissions === "all" || (entry.permissions === "customer") === Boolean(user)) &&
    (!entry.flag || isOn(entry.flag, subject)) &&
    isShown(entry, viewer);
  const link = (entry: { section: string; url: string; newWindow?: boolean }): ChromeLink => ({
    label: withProduct(entry.section, brand, "text"),
    url: withProduct(entry.url, brand, "path"),
    newWindow: entry.newWindow ?? false,
  });

  return {
    brand: { name: brand.name, logo: brand.logo, supportPhone: brand.supportPhone, supportShortCode: brand.supportShortCode },
    menu: {
      groups: site.menu.groups.filter(visible).map((group) => ({
        id: group.id,
        label: withProduct(group.section, brand, "text"),
        url: group.url ? withProduct(group.url, brand, "path") : undefined,
        options: group.options.filter(visible).map(link),
      })),
      topBar: site.menu.topBar.filter(visible).map(link),
    },
    footer: footerView(site, viewer),
    sideBar: site.sideBar,
    privacyNoticeUrl: site.privacyNoticeUrl,
  };
}

function footerView(site: SiteConfig, viewer: Viewer) {
  const { footer } = site;
  const shown = <T extends Visibility>(options: T[]) => options.filter((option) => isShown(option, viewer));
  return {
    local: shown(footer.local),
    documents: shown(footer.documents),
    legal: shown(footer.legal),
    sisterSites: footer.sisterSites,
    copyright: footer.copyright,
  };
}

export type Chrome = ReturnType<typeof loadChrome>;
