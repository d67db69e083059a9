// The origins a page may load script from (docs/studio.md "Allowing a script origin"). Kept by
// developers, in code and in the deployment's settings, never in pages-config/: the config
// schemas refuse any other origin at its field (site.ts, recharges.ts), the render drops one it
// would hand the browser (app/lib/config/script-urls.server.ts), and the CSP's script-src names
// these and no others (server/http-guards.ts). Plain JavaScript, so app/lib/boot-rules.mjs can
// refuse a malformed SCRIPT_ORIGINS before the build is loaded.

/**
 * The origins that config (the chat, a consented script, the acquisition tag, the recharge
 * captcha) may name for a script on every deployment. A developer adds one here after reviewing
 * the provider (what its script loads, that it serves nothing a stranger can write); an origin
 * one deployment needs goes in its SCRIPT_ORIGINS instead. None today.
 * @type {readonly string[]}
 */
export const CONFIG_SCRIPT_ORIGINS = Object.freeze([]);

/**
 * The origins the site's own code loads script from: the marketing platforms' official scripts
 * (app/features/tracking/platforms.server.ts builds their addresses; config gives only their ids).
 * In the CSP, never accepted in a config field.
 * @type {readonly string[]}
 */
export const PLATFORM_SCRIPT_ORIGINS = Object.freeze(["https://www.googletagmanager.com", "https://connect.facebook.net", "https://analytics.tiktok.com"]);

const ORIGIN = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

/**
 * SCRIPT_ORIGINS as a list: origins separated by spaces, each exactly `https://host` or
 * `https://host:port` (no path, no wildcard, no quote: it is written into the CSP as is). Throws
 * an Error with a Spanish message for anything else.
 * @param {string | undefined} value
 * @returns {string[]}
 */
export function parseScriptOrigins(value) {
  const origins = [];
  for (const entry of (value ?? "").split(/\s+/).filter(Boolean)) {
    let origin = "";
    try {
      const url = new URL(entry);
      origin = url.protocol === "https:" ? url.origin : "";
    } catch {
      origin = "";
    }
    // Letters, digits, dots and hyphens only: the URL parser lets `*` and `;` through in a host.
    if (!ORIGIN.test(origin) || origin !== entry.replace(/\/$/, "").toLowerCase()) {
      throw new Error(`"${entry}" no es un origen https:// (escribe solo https://dominio o https://dominio:puerto, sin ruta ni comodines, separados por espacios)`);
    }
    origins.push(origin);
  }
  return [...new Set(origins)];
}

/**
 * The origins config may name for a script on this server: the list in code and SCRIPT_ORIGINS.
 * The environment is read on each call (the server refused a malformed SCRIPT_ORIGINS at start;
 * elsewhere, as in config:check, a malformed one allows only the list in code: fail closed).
 * @param {Record<string, string | undefined>} [environment]
 * @returns {string[]}
 */
export function configScriptOrigins(environment = typeof process === "undefined" ? {} : process.env) {
  let extra = [];
  try {
    extra = parseScriptOrigins(environment.SCRIPT_ORIGINS);
  } catch {
    extra = [];
  }
  return [...new Set([...CONFIG_SCRIPT_ORIGINS, ...extra])];
}

/**
 * The origin of a script address when config may name it, else undefined: only https, only an
 * allowed origin. `origins` defaults to configScriptOrigins().
 * @param {string} url
 * @param {readonly string[]} [origins]
 * @returns {string | undefined}
 */
export function refusedScriptOrigin(url, origins = configScriptOrigins()) {
  let origin = "";
  try {
    const parsed = new URL(url);
    origin = parsed.protocol === "https:" ? parsed.origin : parsed.protocol;
  } catch {
    return url;
  }
  return origins.includes(origin) ? undefined : origin;
}

/**
 * The Spanish refusal of a script on an origin nobody allowed (the studio shows it at the field).
 * @param {string} origin
 */
export const scriptOriginRefusal = (origin) => `el origen ${origin} no está permitido para scripts: pídele a desarrollo que lo autorice (SCRIPT_ORIGINS)`;
