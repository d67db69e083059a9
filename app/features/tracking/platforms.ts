import { outgoing } from "./events";
import type { TrackEvent } from "./tracking";

/**
 * The three marketing platforms (docs/esim.md "Marketing platforms"), connected only after the
 * visitor accepts cookies (this module is loaded then, never with the page): Google's tag, the
 * Meta pixel and the TikTok pixel, each with the id of site.json. Each gets its official
 * snippet's queue first (so a call made before its script arrives is kept), then its script;
 * every catalogue event goes to each of them with only the catalogue's fields (events.ts), and
 * a page view goes to the ad pixels only on the pixel flows' pages.
 */
export type Platform = { name: "google" | "meta" | "tiktok"; id: string; src: string };

type Queue = ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: (...args: unknown[]) => void; push?: unknown; loaded?: boolean; version?: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    fbq?: Queue;
    _fbq?: Queue;
    ttq?: unknown[];
  }
}

function install({ name, id }: Platform) {
  if (name === "google") {
    window.dataLayer ??= [];
    window.gtag ??= function gtag() {
      // gtag.js reads the arguments object itself, as its snippet pushes it.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", id, { send_page_view: false });
  } else if (name === "meta") {
    if (!window.fbq) {
      const fbq: Queue = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args));
      Object.assign(fbq, { queue: [], push: fbq, loaded: true, version: "2.0" });
      window.fbq = window._fbq = fbq;
    }
    window.fbq("init", id);
  } else {
    const ttq = (window.ttq ??= []) as unknown[] & Record<string, unknown>;
    for (const method of ["page", "track", "identify"]) ttq[method] ??= (...args: unknown[]) => ttq.push([method, ...args]);
  }
}

function deliver(platform: Platform, event: { name: string; data: Record<string, string | number | boolean> }, pixelPage: boolean) {
  const pageView = event.name === "PageView";
  if (platform.name === "google") {
    if (pageView) window.gtag?.("event", "page_view", { page_path: event.data.path });
    else window.gtag?.("event", event.name, event.data);
  } else if (platform.name === "meta") {
    if (!pageView) window.fbq?.("trackCustom", event.name, event.data);
    else if (pixelPage) window.fbq?.("track", "PageView");
  } else {
    const ttq = window.ttq as Record<string, (...args: unknown[]) => void> | undefined;
    if (!pageView) ttq?.track?.(event.name, event.data);
    else if (pixelPage) ttq?.page?.();
  }
}

let connected = false;

/**
 * Once per page load: the platforms' queues and scripts, then every tracked event to each.
 * `loadScript` is the page's own (tracking.ts), handed over so this lazy chunk shares no module
 * with the page's bundle (a shared module would split into a chunk of its own on every page).
 */
export function connectPlatforms(platforms: Platform[], pixelPaths: string[], loadScript: (src: string) => void) {
  if (connected || platforms.length === 0) return;
  connected = true;
  for (const platform of platforms) {
    install(platform);
    loadScript(platform.src);
  }
  const onEvent = (event: Event) => {
    const { name, data } = (event as CustomEvent<TrackEvent>).detail;
    const out = outgoing(name, data);
    if (!out) return;
    const pixelPage = pixelPaths.includes(window.location.pathname);
    for (const platform of platforms) deliver(platform, out, pixelPage);
  };
  window.addEventListener("bait:track", onEvent);
}
