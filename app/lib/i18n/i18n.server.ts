import { createHash } from "node:crypto";
import i18next from "i18next";
import { fixedT } from "./fixed-t";
import { i18nOptions } from "./options";
import { LOCALE, namespaces, resources, type Namespace } from "./resources";

/**
 * The catalogues' version: a hash of their content, in the URL the browser loads a namespace from
 * (`/locales/:ns.json?v=…`), so that URL may be cached for good.
 */
export const catalogueVersion = createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 12);

/**
 * The site's one i18next instance on the server, initialised once at start with every namespace
 * (the catalogues never change while the server runs). A request translates through a fixed `t`
 * (`getFixedT`), never through an instance of its own. The version travels with the instance's
 * options, for the page's JSON (page-resources.tsx).
 */
void i18next.init({ ...i18nOptions, ns: [...namespaces], resources, backend: { version: catalogueVersion } });

export { i18next as i18n };

/**
 * What the server's pages hand to `I18nextProvider`: the one instance, seen through an object whose
 * prototype it is, with no properties of its own. react-i18next 16 gives every `useTranslation`
 * call its own copy of the instance it was given (`createI18nWrapper`:
 * `Object.getOwnPropertyDescriptors`), and the instance has about forty: about 25 µs a call,
 * and 5 % of the signed-in /home's CPU (docs/performance.md). The copy of this view costs nothing;
 * every read reaches the instance through the prototype. The server never changes the language or
 * loads a namespace (every one is loaded at start), so nothing writes to the view. (react-i18next 18
 * wraps the instance in a Proxy instead, and needs Node 22.)
 */
export const i18nForPages: typeof i18next = Object.create(i18next);

const commonT = fixedT("common");

/** A catalogue text on the server, in the site's one language (a key that arrives as data). */
export const translate = (key: string | string[], values?: Record<string, unknown>): string => commonT(key, values ?? {});

/** One namespace's texts, for the browser (undefined for a name that is none). */
export function catalogueOf(ns: string): object | undefined {
  return (namespaces as readonly string[]).includes(ns) ? resources[LOCALE][ns as Namespace] : undefined;
}
