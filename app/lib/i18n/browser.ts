import i18next, { type BackendModule } from "i18next";
import { i18nOptions, RESOURCES_ID, type PageResources } from "./options";
import { LOCALE } from "./locale";

type BackendOptions = { version?: string };

let version = "";

/**
 * Loads a namespace a page reached by a link needs and the first page did not carry: one
 * cacheable request per namespace, versioned by the catalogues' content
 * (app/routes/locales.$file.ts).
 */
const catalogueBackend: BackendModule<BackendOptions> = {
  type: "backend",
  init(_services, options) {
    version = options.version ?? "";
  },
  read(_language, ns, callback) {
    fetch(`/locales/${encodeURIComponent(ns)}.json?v=${version}`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`catálogo ${ns}: ${response.status}`))))
      .then(
        (catalogue: object) => callback(null, catalogue as never),
        (error: Error) => callback(error, false),
      );
  },
};

/**
 * The browser's i18next instance, started once, synchronously, before hydration, with the texts the
 * server put in the page (app/lib/i18n/page-resources.tsx).
 */
export function startBrowserI18n() {
  const element = document.getElementById(RESOURCES_ID);
  const { version, resources }: PageResources = element?.textContent ? JSON.parse(element.textContent) : { version: "", resources: {} };
  void i18next
    .use(catalogueBackend)
    .init({ ...i18nOptions, ns: Object.keys(resources), resources: { [LOCALE]: resources }, partialBundledLanguages: true, backend: { version } });
  return i18next;
}
