import type { Banner, WidgetConfig } from "#schemas/config";
import { cached } from "~/lib/cached.server";
import { getBanners, getWidget } from "~/lib/config/config.server";
import { refusals } from "~/lib/config/refusals.server";
import { env } from "~/lib/env.server";
import { fetchBannerDocument } from "./banners.server";
import { fetchWidgetDocument } from "./conn/widget.server";
import type { RemoteDocument } from "./remote-document.server";

/**
 * Banners per page and the discovery widget from their CDNs (docs/config.md "Remote banners and
 * widget"), when REMOTE_BANNERS / REMOTE_WIDGET are on (by default with real upstreams, off in
 * the mock world). A document is checked by the same schema as its local JSON and kept for
 * REMOTE_CONFIG_TTL_MS; one that fails or is refused is recorded in the refusal registry
 * (logged at error level, shown on the status page and in /readyz) and the local JSON of
 * pages-config/ stands in until a good copy arrives. The outcome, good or not, is kept for the
 * same time, so a CDN that is down is not asked again on every page.
 */

/** A document's value, or null when the local JSON must stand in; its refusal recorded or cleared. */
async function accepted<T>(document: Promise<RemoteDocument<T>>): Promise<T | null> {
  const outcome = await document;
  if (outcome.ok) {
    refusals.clear(outcome.url);
    return outcome.value;
  }
  refusals.refuse(outcome.url, "remoto", outcome.problems);
  return null;
}

export function remoteConfigSources(options: { banners: boolean; widget: boolean; ttlMs: number }) {
  const remoteBanners = cached((view: string) => accepted(fetchBannerDocument(view)), { ttlMs: options.ttlMs });
  const remoteWidget = cached((_key: "widget") => accepted(fetchWidgetDocument()), { ttlMs: options.ttlMs });
  return {
    /** The banners of a view: the CDN's when it is on and answers a valid document, else the local file's. */
    async bannersOf(view: string): Promise<Banner[]> {
      if (!options.banners) return getBanners(view);
      return (await remoteBanners(view)) ?? getBanners(view);
    },
    /** The discovery widget's content: the CDN's when it is on and valid, else widget.json's. */
    async widget(): Promise<WidgetConfig> {
      if (!options.widget) return getWidget();
      return (await remoteWidget("widget")) ?? getWidget();
    },
    clear() {
      remoteBanners.clear();
      remoteWidget.clear();
    },
  };
}

const sources = remoteConfigSources(env.remoteConfig);
export const pageBanners = (view: string) => sources.bannersOf(view);
export const widgetContent = () => sources.widget();
