import type { InitOptions } from "i18next";
import { LOCALE } from "./locale";

/**
 * How the site's texts behave, the same on the server and in the browser: one language, `common`
 * by default, no escaping (React escapes what it renders), and a missing text shows its key
 * (never null).
 */
export const i18nOptions = {
  lng: LOCALE,
  fallbackLng: LOCALE,
  supportedLngs: [LOCALE],
  load: "currentOnly",
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: true },
} satisfies InitOptions;

/**
 * A route's namespaces: `export const handle = { i18n: ["auth"] }` (the root adds `common`), and
 * those it adds only when its address has a query parameter (a modal the URL opens):
 * `i18nWith: { sim: ["address"] }`. A page's HTML carries exactly the namespaces its first render shows.
 */
export type I18nHandle = { i18n?: readonly string[]; i18nWith?: Readonly<Record<string, readonly string[]>> };

/** The namespaces a route's handle names for an address's query. */
export function handleNamespaces(handle: I18nHandle | undefined, search: URLSearchParams): string[] {
  const names = [...(handle?.i18n ?? [])];
  for (const [param, extra] of Object.entries(handle?.i18nWith ?? {})) if (search.has(param)) names.push(...extra);
  return names;
}

/** The id of the JSON the server puts in the page: the texts of the page's namespaces, and their version. */
export const RESOURCES_ID = "i18n-resources";

/** What that JSON holds. */
export type PageResources = { version: string; resources: Record<string, object> };
