import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useNonce } from "~/components/nonce";
import { markHydrated } from "~/components/hydration-mark";
import { RouteError } from "~/components/route-error";
import { Shell } from "~/render/chrome/shell";
import { loadShell } from "~/render/chrome/shell.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { PageResourcesScript } from "~/lib/i18n/page-resources";
import styles from "~/styles/app.css";

/** For texts outside React (document titles): the site's one instance, in its one language. */
const t = fixedT();

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadShell(request, context);

export const meta: MetaFunction = ({ error }) => {
  const tags = [{ name: "theme-color", content: "#0b2a5b" }];
  if (!error) return tags;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: t(status === 404 ? "notFound.documentTitle" : status === 405 ? "methodNotAllowed.documentTitle" : "errorPage.documentTitle") }, ...tags];
};

const NO_JS_MARKER = "document.documentElement.classList.add('js')";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The document's mark (~/components/hydration-mark): the router has started and the root has
  // hydrated. Set in an effect of the outermost component, it comes after every effect of the
  // root's commit (the consented tracking's decision among them).
  useEffect(() => markHydrated(document.documentElement), []);
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: NO_JS_MARKER }} />
        {/* The first paint waits until the parser has reached the footer (the HTML standard's render-blocking
            "expect" link): the whole page is laid out once, before it, instead of a part painted and the whole
            laid out again after (docs/performance.md "Static HTML and the first paint"). */}
        <link rel="expect" href="#pie-de-pagina" blocking="render" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <PageResourcesScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <RouteError />
    </Shell>
  );
}
