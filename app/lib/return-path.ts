/**
 * Return paths (docs/config.md › "Return paths"): where a redirect or a 'volver'/close link sends
 * the visitor. A value from the request (a query parameter, a form field, the session, the
 * request's own URL) is resolved against the site's origin exactly as a browser would resolve
 * it, and accepted only when the result stays on the site and is a page we have; anything else
 * is the fallback. Checking the raw string is not enough: `/.//evil.example`, `/\evil.example`
 * or a tab inside `/\t/evil.example` all start with one slash and still resolve to another host.
 * This module is shared with the browser, so it stays small: the list of our pages (the app's
 * routes and the config store's) is return-path.server.ts's.
 */

/** Only used to resolve: any origin works, the result keeps just the path and the query. */
const ORIGIN = "https://sitio.invalid";

export type ReturnPathOptions = {
  /** What an unacceptable value becomes: the home page unless the caller says otherwise. */
  fallback?: string;
  /** Query parameters that go (the modal's own parameter, so going back closes it). */
  drop?: readonly string[];
  /** Whether a normalised pathname (no trailing slash) is one of our pages. */
  isKnownPage: (pathname: string) => boolean;
};

// Controls, spaces and backslashes are refused before parsing: the URL parser drops tabs and
// newlines and reads `\` as `/`, which is how `/\evil.example` becomes `//evil.example`.
const REFUSED_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;
// Encoded slashes and backslashes have no place in our paths; some servers and proxies decode them.
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/** Starts with one slash only: `//host` and `/\host` are another site. */
const onSite = (pathname: string) => /^\/(?![/\\])/.test(pathname);

/**
 * The value as a normalised `pathname + search` of one of our pages (no host, no `//`, no
 * backslash, no control character, no fragment), without the `drop` parameters; else the fallback.
 */
export function resolveReturnPath(value: unknown, { fallback = "/", drop = [], isKnownPage }: ReturnPathOptions): string {
  // A path that starts with one slash only has no host for the parser to read: it cannot throw.
  if (typeof value !== "string" || !onSite(value) || REFUSED_CHARACTERS.test(value)) return fallback;
  const url = new URL(value, ORIGIN);
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  if (url.origin !== ORIGIN || !onSite(pathname) || ENCODED_SEPARATOR.test(pathname) || !isKnownPage(pathname)) return fallback;
  return herePath({ pathname, search: url.search }, drop);
}

/**
 * The page being shown, for the links built from its own URL (open or close an overlay, the
 * widget, come back after 'Aceptar'), from a location the URL parser has already read
 * (`new URL(request.url)` on the server, the browser's location): dot segments, backslashes,
 * tabs and newlines are resolved by then, and what is left that leaves the site is a pathname
 * starting with `//`. A request such as `GET //evil.example?modal=…` (or `/.//evil.example`)
 * reaches the 404 page with that pathname: its links go home. resolveReturnPath ends here too.
 * The browser's bundle carries only this function (kept small: the home page's budget).
 */
export function herePath(location: { pathname: string; search: string }, drop: readonly string[] = []): string {
  if (location.pathname.startsWith("//")) return "/";
  const params = new URLSearchParams(location.search);
  for (const name of drop) params.delete(name);
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}
