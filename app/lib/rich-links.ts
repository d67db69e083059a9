/** A `[texto](/ruta)` link of config text. */
export type RichLink = { label: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/;

/**
 * Splits config text into its plain runs and its `[texto](/ruta)` links, in order. The one
 * reading of link syntax: the renderer draws these parts and config:check verifies these links,
 * so a link the check passes is a link the page shows.
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
