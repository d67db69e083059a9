import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { fixedT } from "~/lib/i18n/fixed-t";

const t = fixedT();

type PageFacts = { title: string; description: string; path: string };
type PageMetaData = { kind: "page"; page: PageFacts } | { kind: "notFound" } | undefined;

/**
 * Title, description and canonical link of a config page; the 404 page has its own title, and so
 * has a page answered with another error (`error`: a 405 for a form posted where none is taken).
 */
export function pageMeta(data: PageMetaData, error?: unknown): MetaDescriptor[] {
  if (!data && error && !(isRouteErrorResponse(error) && error.status === 404)) {
    const title = isRouteErrorResponse(error) && error.status === 405 ? t("methodNotAllowed.documentTitle") : t("errorPage.documentTitle");
    return [{ title }, { name: "robots", content: "noindex" }];
  }
  if (!data || data.kind === "notFound") {
    return [{ title: t("notFound.documentTitle") }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: data.page.title },
    { name: "description", content: data.page.description },
    { property: "og:title", content: data.page.title },
    { property: "og:description", content: data.page.description },
    { property: "og:locale", content: "es_MX" },
  ];
}

/**
 * The meta of a route that renders one config page (its loader answers `{ page, … }`): the page's
 * title and description, or the error's title when the loader threw.
 */
export const configPageMeta = ({ data, error }: { data?: { page: PageFacts } | null; error?: unknown }): MetaDescriptor[] =>
  pageMeta(data ? { kind: "page", page: data.page } : undefined, error);
