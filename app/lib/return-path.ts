/**
 * Return paths (docs/config.md › "Return paths"): where a redirect or a 'volver'/close link sends
 * the visitor. A value from the request (a query parameter, a form field, the session, the
 * request's own URL) is resolved against the site's origin exactly as a browser would resolve
 * it, and accepted only when the result stays on the site and is a page we have; anything else
 * is the fallback. Checking the raw string is not enough: `/.//evil.example`, `/\evil.example`
 * or a tab inside `/\t/evil.example` all start with one slash and still resolve to another host.
 * This module is shared with the browser; return-path.server.ts adds the config pages.
 */

/** Only used to resolve: any origin works, the result keeps just the path and the query. */
const ORIGIN = "https://sitio.invalid";

/**
 * The page routes of app/routes a visitor may be sent back to (return-path.test.ts keeps this
 * list equal to app/routes minus the APIs and the routes that only redirect). The pages of
 * pages-config/ are the config store's, added on the server.
 */
export const APP_PAGES: readonly string[] = [
  "/",
  "/bait-pospago",
  "/cambiate-a-bait",
  "/cambio-nir",
  "/centros-de-atencion",
  "/cobertura",
  "/compatibilidad",
  "/completar-registro",
  "/contacto",
  "/e-sim",
  "/editar-perfil",
  "/factura",
  "/haz-tu-portabilidad",
  "/home",
  "/login",
  "/pago",
  "/pago/completado",
  "/recargas",
  "/recuperacion",
  "/recurrente",
  "/registro",
  "/reposicion-sim",
];

export const isAppPage = (pathname: string) => APP_PAGES.includes(pathname);

export type ReturnPathOptions = {
  /** What an unacceptable value becomes: the home page unless the caller says otherwise. */
  fallback?: string;
  /** Query parameters that go (the modal's own parameter, so going back closes it). */
  drop?: readonly string[];
  /** Whether a normalised pathname (no trailing slash) is one of our pages. */
  isKnownPage?: (pathname: string) => boolean;
};

// Controls, spaces and backslashes are refused before parsing: the URL parser drops tabs and
// newlines and reads `\` as `/`, which is how `/\evil.example` becomes `//evil.example`.
const REFUSED_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;
// Encoded slashes and backslashes have no place in our paths; some servers and proxies decode them.
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * The value as a normalised `pathname + search` of one of our pages (no host, no `//`, no
 * backslash, no control character, no fragment), without the `drop` parameters; else the fallback.
 */
export function resolveReturnPath(value: unknown, { fallback = "/", drop = [], isKnownPage = isAppPage }: ReturnPathOptions = {}): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || REFUSED_CHARACTERS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith("//") || ENCODED_SEPARATOR.test(url.pathname)) return fallback;
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  if (!isKnownPage(pathname)) return fallback;
  for (const name of drop) url.searchParams.delete(name);
  return pathname + url.search;
}

/**
 * The page being shown, for the links built from its own URL (open or close an overlay, come
 * back after 'Aceptar'): the same resolution, where any path of ours counts as a page (it is the
 * one on screen; the browser has no list of the config pages). A request such as
 * `GET //evil.example?modal=…` reaches the 404 page with that pathname: its links go home.
 */
export function herePath(location: { pathname: string; search: string }, drop: readonly string[] = []): string {
  return resolveReturnPath(location.pathname + location.search, { drop, isKnownPage: () => true });
}
