import i18next, { type i18n as I18n } from "i18next";
import { LOCALE, namespaces, resources } from "./resources";

/** One i18next instance per server request; catalogues are bundled, so init is synchronous. */
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
