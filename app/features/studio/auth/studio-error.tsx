import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import type { StudioForbidden } from "./access.server";

/** Whether a route's error is the studio's 403 (access.server.ts requireStudio), with its texts. */
export function studioForbiddenOf(error: unknown): StudioForbidden | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const value = error.data as Partial<StudioForbidden> | null;
  return value && typeof value === "object" && value.studio === "forbidden" ? (value as StudioForbidden) : null;
}

/**
 * The ErrorBoundary of the studio's routes (`export const ErrorBoundary = StudioRouteError`): a
 * role that falls short gets 'No tienes permiso para publicar…' and a way back to the studio;
 * anything else is the site's error page (app/components/route-error.tsx).
 */
export function StudioRouteError() {
  const forbidden = studioForbiddenOf(useRouteError());
  if (!forbidden) return <RouteError />;
  return (
    <div className="page status-page" role="alert">
      <h1 className="status-page__title">{forbidden.title}</h1>
      <p className="status-page__text">{forbidden.text}</p>
      <Link to={forbidden.backHref} className="button button--primary">
        {forbidden.back}
      </Link>
    </div>
  );
}
