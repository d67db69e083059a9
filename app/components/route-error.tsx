import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * What a visitor sees when a page fails: a Spanish message, a way home, and the support
 * number. Used by every route's ErrorBoundary, so the menu and footer stay usable around it.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ chrome: { brand: { supportPhone: string } } }>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The server's log has the fault already (entry.server.tsx `handleError`, and the request's
  // line with its status): the page only tells the visitor.
  const { title, text } =
    status === 404
      ? { title: t("notFound.title"), text: t("notFound.text") }
      : status === 405
        ? { title: t("methodNotAllowed.title"), text: t("methodNotAllowed.text") }
        : { title: t("errorPage.title"), text: t("errorPage.text", { phone: root?.chrome.brand.supportPhone ?? "800 123 2248" }) };
  return (
    <div className="page status-page" role="alert">
      <h1 className="status-page__title">{title}</h1>
      <p className="status-page__text">{text}</p>
      <Link to="/" className="button button--primary">
        {t("errorPage.home")}
      </Link>
    </div>
  );
}
