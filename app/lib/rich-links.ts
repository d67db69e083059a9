/** A `[texto](/ruta)` link of config text. */
export type RichLink = { label: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * Splits config text into its plain runs and its `[texto](/ruta)` links, in order. The one
 * reading of link syntax: the renderer draws these parts and config:check verifies these links,
 * so a link the check passes is a link the page shows.
 */
export function splitLinks(text: string): Array<string | RichLink> {
  const parts: Array<string | RichLink> = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ label: match[1]!, href: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
