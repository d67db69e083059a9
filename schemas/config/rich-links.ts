/** A `[texto](/ruta)` link of config text. */
export type RichLink = { label: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/;

/**
 * Splits config text into its plain runs and its `[texto](/ruta)` links, in order. The one
 * reading of link syntax: the renderer draws these parts, the page and modal schemas refuse a link
 * that is not a `linkHrefAllowed` one, and config:check verifies these links, so a link the check
 * passes is a link the page shows.
 */
export function splitLinks(text: string): Array<string | RichLink> {
  // split() with the pattern's two groups gives text, label, href, text, label, href, …, text.
  const pieces = text.split(LINK);
  const parts: Array<string | RichLink> = [];
  for (let index = 0; index < pieces.length; index += 3) {
    if (pieces[index]) parts.push(pieces[index]!);
    if (index + 2 < pieces.length) parts.push({ label: pieces[index + 1]!, href: pieces[index + 2]! });
  }
  return parts;
}

/**
 * Where a rich-text link may lead (docs/config.md "Links in text"): a path of this site (one
 * slash, never `//` or `/\`, which browsers read as another host), an https address with its host,
 * `mailto:` or `tel:`. Anything else (`javascript:` however it is spelled, `data:`, `vbscript:`,
 * `http:`, entities, control characters) is refused by the schemas and drawn as text only.
 */
export function linkHrefAllowed(href: string): boolean {
  // Control characters and spaces: browsers drop some of them, so what they read is not what was checked.
  if (/[\u0000-\u0020\u007f-\u009f\s]/.test(href)) return false;
  if (href.startsWith("/")) return !/^\/[/\\]/.test(href);
  return /^https:\/\/[^/\\?#@:]/i.test(href) || /^mailto:[^@]+@[^@]+$/i.test(href) || /^tel:\+?[0-9][0-9().-]*$/i.test(href);
}

/** Whether a link leaves the site for another one (an https address): it opens in a new tab. */
export const linkLeavesSite = (href: string) => /^https:/i.test(href);

/** The schemas' message for a link `linkHrefAllowed` refuses. */
export const refusedLink = (href: string) =>
  `el enlace «${href.replace(/[\u0000-\u001f\u007f-\u009f]/g, "�")}» no está permitido: usa una ruta del sitio (/recargas), una dirección https:// completa, mailto: o tel:`;

/** Every refused link of the strings in `value`, at its path (each string of a block may carry links, as config:check reads them). */
export function* refusedLinks(value: unknown, path: Array<string | number> = []): Generator<{ path: Array<string | number>; message: string }> {
  if (typeof value === "string") {
    for (const part of splitLinks(value)) if (typeof part !== "string" && !linkHrefAllowed(part.href)) yield { path, message: refusedLink(part.href) };
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* refusedLinks(item, [...path, index]);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) yield* refusedLinks(item, [...path, key]);
  }
}
