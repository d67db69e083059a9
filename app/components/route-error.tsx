import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/react";

/**
 * What a visitor sees when a page fails: a Spanish message, a way home, and the support
 * number. Used by every route's ErrorBoundary, so the menu and footer stay usable around it.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ chrome: { brand: { supportPhone: string } } }>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A post to a page without a form (405): the server logged it in one line already.
  if (isRouteErrorResponse(error) && error.status === 405) return <MethodNotAllowed />;
  if (!notFound && typeof document === "undefined") console.error("[route] error al mostrar la página:", error);
  return (
    <div className="page status-page" role="alert">
      <h1 className="status-page__title">{notFound ? t("notFound.title") : t("errorPage.title")}</h1>
      <p className="status-page__text">{notFound ? t("notFound.text") : t("errorPage.text", { phone: root?.chrome.brand.supportPhone ?? "800 123 2248" })}</p>
      <Link to="/" className="button button--primary">
        {t("errorPage.home")}
      </Link>
    </div>
  );
}

function MethodNotAllowed() {
  const { t } = useTranslation();
  return (
    <div className="page status-page" role="alert">
      <h1 className="status-page__title">{t("requestRejected.methodNotAllowed.title")}</h1>
      <p className="status-page__text">{t("requestRejected.methodNotAllowed.text")}</p>
      <Link to="/" className="button button--primary">
        {t("requestRejected.home")}
      </Link>
    </div>
  );
}
