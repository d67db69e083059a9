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

const shared = createI18n();
const fixed = shared.getFixedT(LOCALE) as unknown as (key: string, values?: object) => string;

/** A catalogue text on the server, in the site's one language (one shared instance: no per-call set-up). */
export const translate = (key: string, values?: Record<string, unknown>): string => fixed(key, values);
