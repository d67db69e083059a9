/**
 * The banners CDN: GET {banners}/resources/banners/{view}/banners.json answers `{ data: [...] }`
 * in the docs/config.md banner shape. Each entry is mapped to the site's `Banner` (schemas/config) and
 * validated by it; an entry that does not pass is dropped with a log line naming the view, the
 * entry and the field, so one broken banner never empties the carousel.
 *
 * A view the CDN does not know (404) is an empty list, not an error. `getBanners` reports other
 * failures as catalogue keys for whoever wants to know; pages use `loadBanners`, which turns
 * every failure into an empty list (docs/config.md: "Banner failure: empty list").
 */
import * as z from "zod";
import { banner, type Banner } from "#schemas/config";
import { problemsFromZod } from "~/lib/config/problems";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { upstreamFetch, type UpstreamResult } from "./http.server";
import { failureProblem, type RemoteDocument } from "./remote-document.server";

/** The wire shape; loose about the action-specific parts, which the site's schema checks. */
export const bannerWire = z.object({
  action: z.string(),
  actionOptions: z
    .object({
      url: z.string().optional(),
      newWindow: z.boolean().optional(),
      queryParamsHandling: z.string().optional(),
      replaceUrl: z.boolean().optional(),
    })
    .optional(),
  rechargeOptions: z.object({ type: z.number(), offerId: z.string(), mount: z.number().optional() }).optional(),
  /** goToStore: the store links (not in the spec's list; the CDN carries them for that action). */
  storeOptions: z.object({ ios: z.string(), android: z.string() }).optional(),
  imageDesktop: z.string(),
  imageMobile: z.string(),
  alt: z.string(),
  name: z.string(),
  creator: z.string().optional(),
  tags: z.array(z.string()).optional(),
  promotion: z.string().optional(),
  /** Who sees it and when (docs/config.md "Visibility and scheduling"); the site's schema checks them. */
  when: z.unknown().optional(),
  from: z.string().optional(),
  until: z.string().optional(),
});
export type BannerWire = z.infer<typeof bannerWire>;
export const bannersWire = z.object({ data: z.array(z.unknown()) });

/** The one place a wire entry becomes the site's banner shape; only the parts its action uses. */
function toBanner(wire: BannerWire): unknown {
  const base = {
    name: wire.name,
    alt: wire.alt,
    imageDesktop: wire.imageDesktop,
    imageMobile: wire.imageMobile,
    promotion: wire.promotion,
    creator: wire.creator,
    tags: wire.tags ?? [],
    action: wire.action,
    when: wire.when,
    from: wire.from,
    until: wire.until,
  };
  const options = wire.actionOptions ?? {};
  switch (wire.action) {
    case "navigate":
      return { ...base, actionOptions: { url: options.url, queryParamsHandling: options.queryParamsHandling, replaceUrl: options.replaceUrl } };
    case "navigationExternal":
      return { ...base, actionOptions: { url: options.url, newWindow: options.newWindow } };
    case "openFile":
      return { ...base, actionOptions: { url: options.url } };
    case "recharge":
      return { ...base, rechargeOptions: wire.rechargeOptions };
    case "goToStore":
      return { ...base, storeOptions: wire.storeOptions };
    default:
      return base;
  }
}

const viewName = /^[a-z0-9][a-z0-9-]*$/;

export async function getBanners(view: string): Promise<UpstreamResult<Banner[]>> {
  const call = "banners.list";
  if (!viewName.test(view)) return { ok: true, status: 404, data: [] };
  const result = await upstreamFetch({ call, upstream: "banners", path: `/resources/banners/${view}/banners.json`, schema: bannersWire });
  if (!result.ok) return result.error.kind === "http" && result.error.status === 404 ? { ok: true, status: 404, data: [] } : result;

  const banners: Banner[] = [];
  result.data.data.forEach((entry, index) => {
    const wire = bannerWire.safeParse(entry);
    const parsed = wire.success ? banner.safeParse(toBanner(wire.data)) : wire;
    if (parsed.success) {
      banners.push(parsed.data as Banner);
      return;
    }
    const issue = parsed.error.issues[0];
    const name = typeof (entry as { name?: unknown })?.name === "string" ? (entry as { name: string }).name : `#${index}`;
    logger("upstream").error({ call, view, banner: name, field: issue?.path.join(".") || "(raíz)", issue: issue?.message }, "banner descartado");
  });
  return { ok: true, status: result.status, data: banners };
}

/** For pages: the view's banners, or none at all when the CDN fails. */
export async function loadBanners(view: string): Promise<Banner[]> {
  const result = await getBanners(view);
  return result.ok ? result.data : [];
}

/**
 * The view's document as a config source (docs/config.md "Remote banners and widget"): every
 * entry must pass the site's banner schema, as a local banners file must, or the whole document
 * is refused with each problem's path (`data[1].action`) and reason. A view the CDN does not know
 * (404) is an empty carousel.
 */
export async function fetchBannerDocument(view: string): Promise<RemoteDocument<Banner[]>> {
  const path = `/resources/banners/${view}/banners.json`;
  const url = `${env.upstreams.banners}${path}`;
  if (!viewName.test(view)) return { ok: true, url, value: [] };
  const result = await upstreamFetch({ call: "banners.list", upstream: "banners", path, schema: z.unknown() });
  if (!result.ok) return result.error.kind === "http" && result.error.status === 404 ? { ok: true, url, value: [] } : { ok: false, url, problems: [failureProblem(url, result.error)] };

  const list = bannersWire.safeParse(result.data);
  if (!list.success) return { ok: false, url, problems: problemsFromZod(url, list.error) };
  const banners: Banner[] = [];
  const problems = list.data.data.flatMap((entry, index) => {
    const wire = bannerWire.safeParse(entry);
    const parsed = wire.success ? banner.safeParse(toBanner(wire.data)) : wire;
    if (parsed.success) {
      banners.push(parsed.data as Banner);
      return [];
    }
    return problemsFromZod(url, parsed.error, ["data", index]);
  });
  return problems.length > 0 ? { ok: false, url, problems } : { ok: true, url, value: banners };
}
