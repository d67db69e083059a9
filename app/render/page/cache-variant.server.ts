import { isFlagOn } from "~/features/flags/engine";
import { getFlags } from "~/lib/config/config.server";
import { liveCacheKey } from "~/lib/config/live.server";

/** Where an anonymous page may be kept (a CDN, nginx, the server's page cache), and for how long. */
const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";
const S_MAXAGE = 10;
const STALE_SECONDS = 60;

/**
 * The Cache-Control of a public page. A shared cache keys by URL (and the consent and campaign
 * cookies) only, so while an enabled flag depends on the visitor id (a percentage rollout) or the
 * IP, the chrome may differ between two anonymous visitors and nothing may share their pages.
 *
 * `untilChangeMs`: how soon something on the page starts or ends by its `from` / `until`. No cache
 * may keep the page past that moment, so `s-maxage` is cut to the whole seconds left less one (the
 * time the page takes to render and reach a cache; 0: not kept) and no stale copy may be served past
 * it either. The server's page cache reads the same s-maxage (server/page-cache.ts).
 */
export function publicPageCacheControl(untilChangeMs: number | null = null): string {
  const flags = Object.values(getFlags() as Record<string, Parameters<typeof isFlagOn>[1]>);
  const perVisitor = flags.some((flag) => flag?.enabled && (flag.conditions?.allowedPercentage !== undefined || flag.conditions?.allowedIps !== undefined));
  if (perVisitor) return "private, no-cache";
  if (untilChangeMs === null || untilChangeMs >= (S_MAXAGE + STALE_SECONDS) * 1000) return PUBLIC_PAGE_CACHE;
  const seconds = Math.max(0, Math.floor(untilChangeMs / 1000) - 1);
  if (seconds > S_MAXAGE) return `public, max-age=0, s-maxage=${S_MAXAGE}, stale-while-revalidate=${seconds - S_MAXAGE}`;
  return `public, max-age=0, s-maxage=${seconds}`;
}

/**
 * The Cache-Control of an account page before sign-in (/login, /registro, /recuperacion) as its
 * loader gives it: public like a config page when it shows nothing of this visitor (`shared`: no
 * flash notice, no step of a flow), else private. What its loader leaves unsaid is private
 * (`PRIVATE_PAGE`, for the route's `headers`).
 */
export const guestPageCacheControl = (shared: boolean): string => (shared ? publicPageCacheControl() : PRIVATE_PAGE);
export const PRIVATE_PAGE = "private, no-store";

/**
 * Whether a flag's outcome may differ between visitors: any condition (listed users, data,
 * patterns, a percentage, IPs) does. A page behind a flag without conditions is the same for
 * everyone (or for no one: it then redirects), so it may be kept like any public page.
 */
export function flagDependsOnVisitor(name: string): boolean {
  const definition = (getFlags() as Record<string, Parameters<typeof isFlagOn>[1] | undefined>)[name];
  return Object.values(definition?.conditions ?? {}).some((condition) => condition !== undefined);
}

const cookieValue = (header: string, name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header)?.[1] ?? "";

/**
 * What changes an anonymous visitor's HTML besides the URL: the config version (the published
 * version served, or the seed's changes: lib/config/live.server.ts liveCacheKey), the outcome of
 * every flag for this visitor (rollouts hash the visitor id, some flags look at the IP), consent
 * and campaign. The server's page cache keys by it (server/page-cache.ts), so a new version's
 * first request renders it; null, when the config cannot say whether it changed, means nothing
 * may be cached.
 */
export function pageCacheVariant(cookieHeader: string, subject: { ip: string; visitorId: string }): string | null {
  const version = liveCacheKey();
  if (version === undefined) return null;
  const flags = getFlags() as Record<string, Parameters<typeof isFlagOn>[1]>;
  const outcomes = Object.entries(flags)
    .map(([name, definition]) => (isFlagOn(name, definition, { user: null, ...subject }) ? "1" : "0"))
    .join("");
  return [version, outcomes, cookieValue(cookieHeader, "bait_cookies"), cookieValue(cookieHeader, "bait_campania")].join("|");
}
