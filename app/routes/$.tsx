import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { pageMeta } from "~/render/page/meta";
import { loadConfigPage } from "~/render/page/page.server";
import { ConfigPageView, NotFoundView } from "~/render/page/page-view";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["blocks"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * Every page defined in pages-config/pages that has no route file of its own, legacy
 * redirects, and the 404 page. A route file with the same path wins over this one.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageMeta(data, error);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadConfigPage(request, context);

export default function ConfigPage() {
  const data = useLoaderData<typeof loader>();
  return data.kind === "page" ? <ConfigPageView page={data.page} banners={data.banners} /> : <NotFoundView />;
}

export const ErrorBoundary = RouteError;
