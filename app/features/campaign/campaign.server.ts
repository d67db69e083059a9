import { createCookie } from "@remix-run/node";
import { env } from "~/lib/env.server";

/**
 * Campaign data (docs/recharge.md, spec §3 "campania"): the utm_source, utm_medium, utm_campaign and
 * utm_content a visitor arrives with are kept in a cookie for 30 days and attached to the sales
 * and leads they make. A later arrival with utm parameters replaces the earlier campaign (last
 * touch); an arrival without any leaves it alone.
 */
export type Campaign = { source?: string; medium?: string; campaign?: string; content?: string };

const PARAMS = { utm_source: "source", utm_medium: "medium", utm_campaign: "campaign", utm_content: "content" } as const;
const MAX_LENGTH = 100;

export const campaignCookie = createCookie("bait_campania", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  path: "/",
  maxAge: 60 * 60 * 24 * 30,
});

/** The campaign named by a URL's utm parameters, or null when it has none. */
export function campaignFromUrl(url: URL): Campaign | null {
  const campaign: Campaign = {};
  for (const [param, field] of Object.entries(PARAMS)) {
    const value = url.searchParams.get(param)?.trim();
    if (value) campaign[field] = value.slice(0, MAX_LENGTH);
  }
  return Object.keys(campaign).length > 0 ? campaign : null;
}

/** The Set-Cookie that remembers the campaign of this request's URL, if it carries one. */
export async function campaignCookieFor(request: Request): Promise<string | null> {
  if (request.method !== "GET") return null;
  const campaign = campaignFromUrl(new URL(request.url));
  return campaign ? campaignCookie.serialize(campaign) : null;
}

/** The visitor's campaign: this request's utm parameters, else the remembered ones. */
export async function readCampaign(request: Request): Promise<Campaign | undefined> {
  const fromUrl = campaignFromUrl(new URL(request.url));
  if (fromUrl) return fromUrl;
  const stored: unknown = await campaignCookie.parse(request.headers.get("Cookie"));
  if (!stored || typeof stored !== "object") return undefined;
  const campaign: Campaign = {};
  for (const field of Object.values(PARAMS)) {
    const value = (stored as Record<string, unknown>)[field];
    if (typeof value === "string" && value) campaign[field] = value.slice(0, MAX_LENGTH);
  }
  return Object.keys(campaign).length > 0 ? campaign : undefined;
}
