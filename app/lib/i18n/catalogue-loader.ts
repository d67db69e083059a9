import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "i18next";
import { handleNamespaces, type I18nHandle } from "./options";

/**
 * A route's `clientLoader` (`export const clientLoader = catalogueLoader(handle)`): on a navigation
 * in the browser, the route's data and the texts of its namespaces the browser does not hold yet
 * (app/lib/i18n/browser.ts loads them) come side by side, and the router moves to the new address
 * once both are in. Without it the address changed at once while the old page stayed in view,
 * with no progress bar, until the texts arrived and React could render the new one. Namespaces
 * already loaded cost nothing; the first page's come in its HTML, and the server never calls this.
 */
export function catalogueLoader(handle: I18nHandle) {
  return async ({ request, serverLoader }: Pick<ClientLoaderFunctionArgs, "request" | "serverLoader">) => {
    const namespaces = handleNamespaces(handle, new URL(request.url).searchParams);
    const [data] = await Promise.all([serverLoader(), namespaces.length > 0 ? i18next.loadNamespaces(namespaces) : undefined]);
    return data;
  };
}
