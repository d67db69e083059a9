import { env } from "~/lib/env.server";
import { getSite } from "~/lib/config/config.server";

/**
 * The origin of the postpaid portal framed by /{product}-pospago (docs/profile.md): the only one
 * whose messages the page listens to. POSTPAID_SITE_URL (the mock portal with mocks on) wins
 * over site.json's postpaidSiteUrl, as in the embed block's frame address.
 */
export const postpaidOrigin = () => new URL(env.postpaidSiteUrl ?? getSite().postpaidSiteUrl).origin;
