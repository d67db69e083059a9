import { readFile } from "node:fs/promises";
import path from "node:path";
import { http, HttpResponse, type RequestHandler } from "msw";
import { switched } from "../switches";

const base = "https://banners.upstream.mock";

/** Marketing's banners live in pages-config; the mock CDN serves them, read fresh per request. */
const configDir = () => process.env.CONFIG_DIR ?? path.join(process.cwd(), "pages-config");

type ConfigBanner = Record<string, unknown> & { actionOptions?: Record<string, unknown> };

/** pages-config's banner → the CDN's wire entry (docs/config.md shape; promotion and storeOptions ride along). */
export function toWire(entry: ConfigBanner) {
  const { actionOptions, ...rest } = entry;
  return actionOptions ? { ...rest, actionOptions: { ...actionOptions } } : rest;
}

/**
 * Handlers of the banners CDN. An unknown view is a 404, as a CDN answers a missing file. A
 * switch named "banners.list:<view>" bends one view's document only.
 */
export const banners: RequestHandler[] = [
  http.get(`${base}/resources/banners/:view/banners.json`, async ({ params }) => {
    const view = String(params.view);
    const forced = await switched("banners.list", view);
    if (forced) return forced;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(view)) return new HttpResponse("Not Found", { status: 404 });
    let file: { banners?: ConfigBanner[] };
    try {
      file = JSON.parse(await readFile(path.join(configDir(), "banners", `${view}.json`), "utf8")) as { banners?: ConfigBanner[] };
    } catch {
      return new HttpResponse("Not Found", { status: 404 });
    }
    return HttpResponse.json({ data: (file.banners ?? []).map(toWire) });
  }),
];
