import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { BlockList } from "~/blocks/registry";
import { AlertDialog } from "~/components/alert-dialog";
import { RouteError } from "~/components/route-error";
import { useNonce } from "~/components/nonce";
import { closeModalHref, UrlModal } from "~/components/url-modal";
import { loadChrome } from "~/features/chrome/chrome.server";
import { SiteFooter } from "~/features/chrome/footer";
import { SiteHeader } from "~/features/chrome/header";
import { SideBar } from "~/features/chrome/side-bar";
import { resolveBlocks } from "~/blocks/data.server";
import { getModal } from "~/lib/config/config.server";
import { createTranslator } from "~/lib/i18n/translate";
import { commitSession, getSession, getSessionUser } from "~/lib/session.server";
import styles from "~/styles/app.css";

/** For texts outside React (document titles); the language is fixed, so one instance serves all. */
const t = createTranslator();

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const session = await getSession(request);
  const flash = session.get("alert") ?? null;

  const modalId = url.searchParams.get("modal");
  const modalDefinition = modalId ? getModal(modalId) : undefined;
  const modal = modalId && modalDefinition ? { id: modalId, title: modalDefinition.title, blocks: resolveBlocks(modalDefinition.parsedBlocks, request) } : null;

  return data(
    {
      chrome: loadChrome(context, user),
      user: user ? { name: user.name } : null,
      modal,
      flash,
    },
    flash ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

export const meta: MetaFunction = ({ error }) => {
  const tags = [{ name: "theme-color", content: "#0b2a5b" }];
  if (!error) return tags;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: t(notFound ? "notFound.documentTitle" : "errorPage.documentTitle") }, ...tags];
};

const NO_JS_MARKER = "document.documentElement.classList.add('js')";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: NO_JS_MARKER }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLinks() {
  const { t } = useTranslation();
  return (
    <nav className="skip-links" aria-label={t("skipLinks.label")}>
      <a href="#menu-principal">{t("skipLinks.menu")}</a>
      <a href="#contenido">{t("skipLinks.main")}</a>
      <a href="#pie-de-pagina">{t("skipLinks.footer")}</a>
    </nav>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const { t } = useTranslation();
  return (
    <>
      <SkipLinks />
      {root ? <SiteHeader chrome={root.chrome} user={root.user} /> : null}
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      {root ? <SideBar sideBar={root.chrome.sideBar} /> : null}
      {root ? <SiteFooter chrome={root.chrome} /> : null}
      {root?.modal ? (
        <UrlModal id={root.modal.id} title={root.modal.title}>
          <BlockList blocks={root.modal.blocks} pageHasHeading />
        </UrlModal>
      ) : null}
      {root?.flash ? (
        <AlertDialog type={root.flash.type} message={t(root.flash.messageKey as "session.loggedOut")} accept={{ href: closeModalHref(location, "_") }} />
      ) : null}
    </>
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
