import common from "#locales/es-MX/common.json";
import errors from "#locales/es-MX/errors.json";

export const LOCALE = "es-MX";
export const namespaces = ["common", "errors"] as const;
export type Namespace = (typeof namespaces)[number];

/** The catalogues, bundled: every text of the site lives once, in locales/es-MX/. */
export const resources = { [LOCALE]: { common, errors } } as const;
