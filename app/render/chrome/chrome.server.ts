import type { AppLoadContext } from "@remix-run/node";
import type { MenuOption, SiteConfig } from "#schemas/config";
import type { SessionUser } from "#schemas/session";
import { flagSubject, isOn } from "~/features/flags/flags.server";
import { getSite, withProduct } from "~/lib/config/config.server";

export type ChromeLink = { label: string; url: string; newWindow: boolean };

/**
 * The menu, footer and side bar of site.json as this visitor sees them: `{product}` resolved,
 * entries filtered by permission (all / anonymous / customer) and by feature flag.
 */
export function loadChrome(context: AppLoadContext, user: SessionUser | null) {
  const site = getSite();
  const { brand } = site;
  const subject = flagSubject(context, user);
  const visible = (entry: { permissions: MenuOption["permissions"]; flag?: string }) =>
    (entry.permissions === "all" || (entry.permissions === "customer") === Boolean(user)) &&
    (!entry.flag || isOn(entry.flag, subject));
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
    footer: footerView(site),
    sideBar: site.sideBar,
    privacyNoticeUrl: site.privacyNoticeUrl,
  };
}

function footerView(site: SiteConfig) {
  const { footer } = site;
  return {
    local: footer.local,
    documents: footer.documents,
    legal: footer.legal,
    sisterSites: footer.sisterSites,
    copyright: footer.copyright,
  };
}

export type Chrome = ReturnType<typeof loadChrome>;
