import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueOf, catalogueVersion } from "~/lib/i18n/i18n.server";

/**
 * /locales/:ns+:ns….json?v=VERSION: the texts of one or more namespaces, by name, for a page
 * reached by a link in the browser that needs namespaces the first page did not carry
 * (app/lib/i18n/browser.ts). With the present version the answer is kept for good; any other
 * version is answered with today's texts, briefly cacheable.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const names = file.endsWith(".json") ? file.slice(0, -".json".length).split("+") : [];
  const catalogues = names.map((ns) => [ns, catalogueOf(ns)] as const);
  if (names.length === 0 || names.length > 16 || catalogues.some(([, catalogue]) => !catalogue))
    return new Response("Ese catálogo no existe.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const current = new URL(request.url).searchParams.get("v") === catalogueVersion;
  return new Response(JSON.stringify(Object.fromEntries(catalogues)), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
    },
  });
}
