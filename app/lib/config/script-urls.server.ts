import { refusedScriptOrigin } from "#schemas/config/script-origins.mjs";
import { env } from "../env.server";
import { logger } from "../log.server";

/**
 * Defence in depth behind the config schemas (schemas/config/common.ts `scriptUrl`): a script
 * address the render would hand the browser (the chat, a consented script, the acquisition tag,
 * the recharge captcha) is kept only on an origin developers allow (the list in code and
 * SCRIPT_ORIGINS, `env.scriptOrigins`). Any other is dropped with a warning naming the field and
 * the origin: a document validated elsewhere (an older version, a store written by hand) never
 * reaches a visitor's browser with a script the CSP would refuse anyway.
 */
export function allowedScriptUrl(url: string | null | undefined, field: string, origins: readonly string[] = env.scriptOrigins): string | undefined {
  if (!url) return undefined;
  const origin = refusedScriptOrigin(url, origins);
  if (origin === undefined) return url;
  logger("scripts").warn({ field, origin }, "script de un origen no permitido: no se carga");
  return undefined;
}

/** The addresses of a list (`tracking.consentScripts`) that allowedScriptUrl keeps. */
export function allowedScriptUrls(urls: readonly string[], field: string, origins: readonly string[] = env.scriptOrigins): string[] {
  return urls.flatMap((url, index) => allowedScriptUrl(url, `${field}[${index}]`, origins) ?? []);
}
