import { env } from "~/lib/env.server";
import { getSite } from "~/lib/config/config.server";
import { scriptSettings } from "~/lib/config/scripts.server";
import type { Platform } from "./platforms";

/** The platforms' own script addresses (their official snippets'). */
const SCRIPT: Record<Platform["name"], (id: string) => string> = {
  google: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  meta: () => "https://connect.facebook.net/en_US/fbevents.js",
  tiktok: (id) => `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${encodeURIComponent(id)}&lib=ttq`,
};

/**
 * What the browser needs to connect the marketing platforms after consent (docs/esim.md): each
 * configured platform with its script (with mocks on, the mock platform's script, which hands
 * what it receives to the mock collector instead of the internet), and the pixel flows' paths.
 */
export function marketingPlatforms() {
  const { tracking, brand } = getSite();
  // The ids come from the live config, even in a preview (lib/config/scripts.server.ts).
  const ids = scriptSettings().platforms;
  const platforms = (Object.keys(SCRIPT) as Platform["name"][]).flatMap((name): Platform[] => {
    const id = ids[name];
    if (!id) return [];
    return [{ name, id, src: env.mocks ? `/__mocks/analitica/${name}.js?id=${encodeURIComponent(id)}` : SCRIPT[name](id) }];
  });
  return { platforms, pixelPaths: tracking.pixelPaths.map((path) => path.replaceAll("{product}", brand.slug)) };
}
