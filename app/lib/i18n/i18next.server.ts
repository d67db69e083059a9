import i18next, { type i18n as I18n } from "i18next";
import common from "#locales/es-MX/common.json";
import errors from "#locales/es-MX/errors.json";

export const LOCALE = "es-MX";
export const namespaces = ["common", "errors"] as const;
export type Namespace = (typeof namespaces)[number];

export const resources = { [LOCALE]: { common, errors } } as const;

/** One instance per server request (and one in the browser); catalogues are bundled, so init is synchronous. */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: LOCALE,
    fallbackLng: LOCALE,
    supportedLngs: [LOCALE],
    ns: [...namespaces],
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
