import i18next, { type BackendModule } from "i18next";
import { i18nOptions, RESOURCES_ID, type PageResources } from "./options";
import { LOCALE } from "./locale";

type BackendOptions = { version?: string };

let version = "";
type Read = { ns: string; callback: (error: Error | null, catalogue: object | false) => void };
let waiting: Read[] = [];

/** One request for the namespaces asked for in the same turn (a page may add several at once). */
function loadWaiting() {
  const batch = waiting;
  waiting = [];
  const names = [...new Set(batch.map(({ ns }) => ns))].sort();
  fetch(`/locales/${names.map(encodeURIComponent).join("+")}.json?v=${version}`)
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`catálogos ${names.join(", ")}: ${response.status}`))))
    .then(
      (catalogues: Record<string, object>) => {
        for (const { ns, callback } of batch) callback(null, catalogues[ns] ?? false);
      },
      (error: Error) => {
        for (const { callback } of batch) callback(error, false);
      },
    );
}

/**
 * Loads the namespaces a page reached by a link needs and the first page did not carry: one
 * cacheable request for those the page adds at once, versioned by the catalogues' content
 * (app/routes/locales.$file.ts).
 */
const catalogueBackend: BackendModule<BackendOptions> = {
  type: "backend",
  init(_services, options) {
    version = options.version ?? "";
  },
  read(_language, ns, callback) {
    waiting.push({ ns, callback: callback as Read["callback"] });
    if (waiting.length === 1) queueMicrotask(loadWaiting);
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
