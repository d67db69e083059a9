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

/** A route's namespaces: `export const handle = { i18n: ["auth"] }` (the root adds `common`). */
export type I18nHandle = { i18n?: readonly string[] };

/** The id of the JSON the server puts in the page: the texts of the page's namespaces, and their version. */
export const RESOURCES_ID = "i18n-resources";

/** What that JSON holds. */
export type PageResources = { version: string; resources: Record<string, object> };
