import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { resolveBlocks } from "~/render/blocks/data.server";
import { blocksOf } from "~/render/blocks/parse.server";
import { createOfferSource, type OfferSource } from "~/features/recharge/catalogue.server";
import { LINE_PARAM } from "~/features/recharge/urls";
import type { Block } from "~/render/blocks/types";
import { flagSubject, isOn } from "~/features/flags/flags.server";
import { isShown, nextBoundary } from "~/features/flags/visibility";
import { viewerOf } from "~/features/flags/visibility.server";
import { flagDependsOnVisitor, publicPageCacheControl } from "./cache-variant.server";
import { bannerViewOf, findPage, getRecharges, getSite } from "~/lib/config/config.server";
import { pageBanners } from "~/upstream/remote-config.server";
import { getSessionUser, requireCustomer, requireGuest } from "~/lib/session.server";

/** A legacy alias (login.html, PUJ, negocios…) answers a permanent redirect, keeping the query. */
export function legacyRedirect(url: URL): Response | null {
  const { redirects } = getSite();
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const rule = redirects.find((entry) => entry.from.toLowerCase() === path.toLowerCase());
  if (!rule) return null;
  const target = new URL(rule.to, url);
  url.searchParams.forEach((value, name) => {
    if (!target.searchParams.has(name)) target.searchParams.set(name, value);
  });
  // A fragment names a section of the page (the FAQ aliases lead to the help centre's questions).
  return redirect(target.pathname + target.search + target.hash, 301);
}

export function notFound() {
  return data({ kind: "notFound" as const }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/**
 * `?section=<category>` on a page with offer blocks of several categories shows that category's
 * blocks and leaves the other offers out, as the catalogue's tabs do on /recargas
 * (/cambiate-a-bait?section=sim is the SIM offers). A section no offer block has changes nothing.
 */
export function selectSection(list: Block[], section: string | null): Block[] {
  const isOffers = (block: Block): block is Extract<Block, { type: "offers" }> => block.type === "offers";
  if (!section || !list.some((block) => isOffers(block) && block.category === section)) return list;
  return list.filter((block) => !isOffers(block) || block.category === section);
}

/**
 * Everything a config-driven page needs: routing rules (legacy redirect, 404, access, flag gate),
 * then the page's blocks with their data and the banners of its view. Redirects are thrown.
 */
export async function readConfigPage(request: Request, context: AppLoadContext, offers?: OfferSource) {
  const url = new URL(request.url);
  const legacy = legacyRedirect(url);
  if (legacy) throw legacy;

  const page = findPage(url.pathname);
  if (!page) return null;

  const { definition } = page;
  if (definition.access === "guest") await requireGuest(request);
  const user = definition.access === "customer" ? await requireCustomer(request, definition.onAnonymous) : await getSessionUser(request);
  if (definition.flag && !isOn(definition.flag, flagSubject(context, user))) throw redirect("/");

  // What this visitor sees now (docs/config.md "Visibility and scheduling"), and when that changes by itself.
  // The banners may come from the banners CDN (docs/config.md "Remote banners and widget").
  const viewer = viewerOf(context, user);
  const blocks = blocksOf(page.file, definition);
  const banners = await pageBanners(definition.bannerView ?? bannerViewOf(page.path));
  const boundary = nextBoundary([...blocks, ...banners, ...chromeItems(), ...getRecharges().offers], viewer.now);
  const shown = blocks.filter((block) => isShown(block, viewer));

  return {
    page: {
      path: page.path,
      title: definition.title,
      description: definition.description,
      heading: definition.heading,
      blocks: await resolveBlocks(selectSection(shown, url.searchParams.get("section")), request, offers ?? createOfferSource(viewer), viewer, context.clientIp),
    },
    banners: banners.filter((banner) => isShown(banner, viewer)),
    /**
     * Private pages (customer-only, guest-only, behind a flag that depends on the visitor, or
     * answering a number the visitor typed, `?numero=`) are never stored by a cache; public ones
     * briefly by shared ones, never past the next scheduled change.
     */
    cacheControl:
      definition.access !== "public" || (definition.flag && flagDependsOnVisitor(definition.flag)) || url.searchParams.has(LINE_PARAM)
        ? "private, no-store"
        : publicPageCacheControl(boundary === null ? null : boundary - viewer.now),
  };
}

/** The menu and footer entries of site.json, whose windows change every page. */
function chromeItems() {
  const { menu, footer } = getSite();
  return [...menu.groups, ...menu.groups.flatMap((group) => group.options), ...menu.topBar, ...footer.local, ...footer.documents, ...footer.legal, ...getSite().navigation];
}

export async function loadConfigPage(request: Request, context: AppLoadContext) {
  const found = await readConfigPage(request, context);
  if (!found) return notFound();
  return data({ kind: "page" as const, page: found.page, banners: found.banners }, { headers: { "Cache-Control": found.cacheControl } });
}
