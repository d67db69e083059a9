import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueOf, catalogueVersion } from "~/lib/i18n/i18n.server";

/**
 * /locales/:ns.json?v=VERSION: one namespace's texts, for a page reached by a link in the browser
 * that needs a namespace the first page did not carry (app/lib/i18n/browser.ts). With the present
 * version the answer is kept for good; any other version is answered with today's texts, briefly
 * cacheable.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const catalogue = file.endsWith(".json") ? catalogueOf(file.slice(0, -".json".length)) : undefined;
  if (!catalogue) return new Response("Ese catálogo no existe.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const current = new URL(request.url).searchParams.get("v") === catalogueVersion;
  return new Response(JSON.stringify(catalogue), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
    },
  });
}
