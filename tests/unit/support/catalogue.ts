import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Every Spanish text of locales/es-MX and every key naming one ("ns:a.b" and "a.b"), for tests that ask "does this answer carry a message?". */
const dir = path.resolve(__dirname, "../../../locales/es-MX");
const keys = new Set<string>();
const snippets = new Set<string>();

function walk(node: unknown, ns: string, trail: string[]) {
  if (typeof node === "string") {
    const key = trail.join(".");
    keys.add(key);
    keys.add(`${ns}:${key}`);
    // The text up to its first interpolation, as JSON would carry it.
    const fixed = node.split("{{")[0]!.trim();
    if (fixed.length >= 12) snippets.add(JSON.stringify(fixed).slice(1, -1));
  } else if (node && typeof node === "object") {
    for (const [name, inner] of Object.entries(node)) walk(inner, ns, [...trail, name]);
  }
}
for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) walk(JSON.parse(readFileSync(path.join(dir, file), "utf8")), file.replace(/\.json$/, ""), []);

const quotedStrings = (payload: string) => [...payload.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!);

export const catalogue = {
  /** Whether the answer holds a catalogue text, or a catalogue key the page translates. */
  carriesMessage(payload: string) {
    for (const snippet of snippets) if (payload.includes(snippet)) return true;
    return quotedStrings(payload).some((text) => keys.has(text));
  },
};
