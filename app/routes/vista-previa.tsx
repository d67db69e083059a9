import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { refused } from "#locales/es-MX/preview.json";
import { leavePreview, openPreview } from "~/features/preview/preview.server";
import { RouteError } from "~/components/route-error";

/**
 * /vista-previa (docs/config.md "Previews", docs/studio.md "Previews"): a signed link opens the
 * preview of the draft config, or with the studio on of its drafts or of an earlier published
 * version, and goes to the page asked for; a tampered or expired one is refused here in Spanish.
 * A post leaves the preview.
 */
export const meta: MetaFunction = () => [{ title: refused.documentTitle }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = ({ request }: LoaderFunctionArgs) => openPreview(request);
export const action = ({ request }: ActionFunctionArgs) => leavePreview(request);

export default function PreviewRefused() {
  const { title, text, home } = useLoaderData<typeof loader>();
  return (
    <div className="page status-page" role="alert">
      <h1 className="status-page__title">{title}</h1>
      <p className="status-page__text">{text}</p>
      <Link to="/" className="button button--primary">
        {home}
      </Link>
    </div>
  );
}

export const ErrorBoundary = RouteError;
