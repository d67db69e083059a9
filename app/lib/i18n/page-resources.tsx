import { useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { handleNamespaces, RESOURCES_ID, type I18nHandle, type PageResources } from "./options";
import { LOCALE } from "./locale";

/** The namespaces the matched routes declare for this address (`handle.i18n`, `handle.i18nWith`), `common` first. */
export function useRouteNamespaces(): string[] {
  const namespaces = new Set(["common"]);
  const search = new URLSearchParams(useLocation().search);
  for (const match of useMatches()) for (const ns of handleNamespaces(match.handle as I18nHandle | undefined, search)) namespaces.add(ns);
  return [...namespaces];
}

/**
 * The JSON of each set of namespaces, made once: a catalogue's texts never change for a given
 * version, and a page would otherwise serialise some 20 KB of them on every request.
 */
const serialised = new Map<string, string>();

/**
 * The texts of the page's namespaces, as JSON in the HTML: the browser starts its i18next with them
 * before hydrating (app/lib/i18n/browser.ts), with no request of its own. After a link followed in
 * the browser, `useTranslation` waits for the namespaces the new page adds (loaded from
 * /locales/:ns.json) before React shows that page, so no text shows as its key.
 */
export function PageResourcesScript() {
  const namespaces = useRouteNamespaces();
  const { i18n } = useTranslation(namespaces);
  const version = (i18n.options.backend as { version?: string } | undefined)?.version ?? "";
  const key = `${version}:${namespaces.join("+")}`;
  let json = serialised.get(key);
  if (json === undefined) {
    const data: PageResources = { version, resources: Object.fromEntries(namespaces.map((ns) => [ns, i18n.getResourceBundle(LOCALE, ns) as object])) };
    // JSON is not run, so the page's CSP does not concern it; `<` escaped so no text closes the tag.
    json = JSON.stringify(data).replace(/</g, "\\u003c");
    serialised.set(key, json);
  }
  return <script type="application/json" id={RESOURCES_ID} dangerouslySetInnerHTML={{ __html: json }} />;
}
