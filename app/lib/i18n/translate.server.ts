import { LOCALE, namespaces, resources, type Namespace } from "./resources";

type Catalogue = { [key: string]: string | Catalogue };
type Options = { count?: number; [name: string]: unknown };

/**
 * Every text of every catalogue by its full key (`ns:a.b.c`), read once at start: the site has
 * one language and its catalogues never change while it runs. A lookup is one Map read, where
 * i18next's `t` resolved the key, the namespace and the language on each call (a tenth of the
 * CPU of rendering the customer's home page).
 */
const texts = new Map<string, string>();
function flatten(catalogue: Catalogue, prefix: string) {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === "string") texts.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`);
  }
}
for (const ns of namespaces) flatten(resources[LOCALE][ns] as unknown as Catalogue, `${ns}:`);

const plural = new Intl.PluralRules(LOCALE);
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function text(fullKey: string, options: Options | undefined): string | undefined {
  const count = options?.count;
  if (typeof count === "number") {
    const byCount = (count === 0 ? texts.get(`${fullKey}_zero`) : undefined) ?? texts.get(`${fullKey}_${plural.select(count)}`) ?? texts.get(`${fullKey}_other`);
    if (byCount !== undefined) return byCount;
  }
  return texts.get(fullKey);
}

/**
 * The server's `t`: the same subset of i18next the browser's translator (translate.ts) covers,
 * with the same output, checked key by key against i18next in translate.test.ts: `ns:key`,
 * nested keys, `{{name}}` interpolation (unescaped: React escapes), plurals by `_zero` / Intl
 * plural category / `_other`, the first found of several keys, and the key itself when no
 * text exists (without its namespace).
 */
export function createServerTranslator(defaultNs: Namespace = "common") {
  return function t(key: string | string[], options?: Options): string {
    const keys = Array.isArray(key) ? key : [key];
    for (const candidate of keys) {
      const found = text(candidate.includes(":") ? candidate : `${defaultNs}:${candidate}`, options);
      if (found === undefined) continue;
      if (!found.includes("{{")) return found;
      return found.replace(PLACEHOLDER, (whole, name: string) => {
        const value = options?.[name];
        return value === undefined || value === null ? whole : String(value);
      });
    }
    const last = keys[keys.length - 1]!;
    return last.slice(last.indexOf(":") + 1);
  };
}

/** The `t` of server rendering (common namespace by default), shared by every request. */
export const serverT = createServerTranslator("common");

/** A catalogue text on the server, in the site's one language. */
export const translate = (key: string, values?: Record<string, unknown>): string => serverT(key, values);
