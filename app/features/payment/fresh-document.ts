import type { ClientLoaderFunctionArgs } from "@remix-run/react";

/**
 * A payment page never shares its document with a third-party script (docs/payment.md "Card
 * data"): a client-side navigation to it from a page where consented scripts ran (analytics,
 * marketing platforms: anything not from the site's /build/) becomes a full page load, so the
 * payment page starts in a document of its own, under its own CSP. Otherwise `load` loads the page
 * (the route's data, with its texts: app/lib/i18n/catalogue-loader.ts).
 */
export async function freshDocumentLoader({ request, serverLoader }: ClientLoaderFunctionArgs, load: (args: Pick<ClientLoaderFunctionArgs, "request" | "serverLoader">) => Promise<unknown> = (args) => args.serverLoader()) {
  const foreign = Array.from(document.scripts).some((script) => script.src !== "" && !new URL(script.src, location.href).pathname.startsWith("/build/"));
  if (foreign) {
    window.location.assign(request.url);
    // The page is being replaced: this navigation never completes.
    return new Promise<never>(() => undefined);
  }
  return load({ request, serverLoader });
}
