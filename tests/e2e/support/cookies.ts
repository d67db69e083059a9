import type { BrowserContext } from "@playwright/test";

/** The cookie notice takes the top of the first screen: accepted up front, for tests about other things. */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify("aceptadas")).toString("base64"));
  await context.addCookies([{ name: "bait_cookies", value, url: baseURL ?? "http://localhost" }]);
}
