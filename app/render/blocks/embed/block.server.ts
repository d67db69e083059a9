import { env } from "~/lib/env.server";
import { getSite } from "~/lib/config/config.server";
import type { BlockContext } from "../block";
import type { EmbedBlockConfig } from "./schema";

export { embedBlock as schema } from "./schema";

/**
 * The postpaid site's address: site.json's, or POSTPAID_SITE_URL's when it is set (the mock
 * postpaid page with mocks on), keeping the path below it.
 */
function frameBase(src: string): URL {
  const configured = getSite().postpaidSiteUrl;
  if (!env.postpaidSiteUrl || !src.startsWith(configured)) return new URL(src);
  return new URL(src.slice(configured.length).replace(/^\//, ""), `${env.postpaidSiteUrl.replace(/\/$/, "")}/`);
}

/** The frame's address with the page's forwarded query parameters and path, and its origin (the only one whose messages count). */
export function load(block: EmbedBlockConfig, { request }: BlockContext) {
  const src = frameBase(block.src);
  const pageParams = new URL(request.url).searchParams;
  const path = block.pathParam && pageParams.get(block.pathParam.name);
  if (block.pathParam && path && block.pathParam.values.includes(path)) src.pathname = `${src.pathname.replace(/\/$/, "")}/${path}`;
  for (const name of block.forwardParams) {
    const value = pageParams.get(name);
    if (value) src.searchParams.set(name, value);
  }
  return { src: src.toString(), origin: src.origin };
}
export type EmbedData = ReturnType<typeof load>;
