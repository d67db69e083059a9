import common from "#locales/es-MX/common.json";
import type { Namespace } from "./resources";

type Catalogue = { [key: string]: string | Catalogue };
type Options = { count?: number; [name: string]: unknown };

const plural = new Intl.PluralRules("es-MX");

/**
 * The catalogues this bundle carries. `common` always; a feature that shows texts of another
 * namespace registers it (see catalogues.ts), so each route's JavaScript carries only the texts
 * it can show.
 */
const catalogues: Partial<Record<Namespace, Catalogue>> = { common };

/** Adds sections to a namespace (a route may register only the sections it shows; routes add up). */
export function registerCatalogue(ns: Namespace, catalogue: object) {
  catalogues[ns] = { ...catalogues[ns], ...(catalogue as Catalogue) };
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The subset of i18next's `t` the site uses, for the browser: `ns:key` and nested keys,
 * `{{name}}` interpolation (unescaped, as configured on the server), and plurals by
 * `_zero` / Intl plural category / `_other`. It reads the same catalogues as i18next, and a
 * test checks it gives i18next's exact output for every key. It exists because i18next
 * itself is 16 KB gzip of the home page's 100 KB budget.
 */
export function createTranslator(defaultNs: Namespace = "common", keyPrefix?: string) {
  return function t(key: string | string[], options: Options = {}): string {
    const keys = Array.isArray(key) ? key : [key];
    for (const candidate of keys) {
      const [ns, bare] = candidate.includes(":") ? (candidate.split(":", 2) as [Namespace, string]) : [defaultNs, candidate];
      const path = keyPrefix && !candidate.includes(":") ? `${keyPrefix}.${bare}` : bare;
      const catalogue = catalogues[ns];
      let text: string | undefined;
      if (typeof options.count === "number") {
        text =
          (options.count === 0 ? lookup(catalogue, `${path}_zero`) : undefined) ??
          lookup(catalogue, `${path}_${plural.select(options.count)}`) ??
          lookup(catalogue, `${path}_other`);
      }
      text ??= lookup(catalogue, path);
      if (text !== undefined) {
        return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
          const value = options[name];
          return value === undefined || value === null ? whole : String(value);
        });
      }
    }
    return keys[keys.length - 1]!;
  };
}
