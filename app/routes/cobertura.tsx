import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { coverageLookup } from "~/features/coverage/coverage.server";
import { CoverageTool } from "~/features/coverage/coverage-view";
import { configPageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ToolPageView } from "~/render/page/tool-page-view";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["coverage", "auth", "address", "blocks"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * /cobertura: the config page (pages-config/pages/cobertura.json) with the coverage check after its
 * hero (docs/prospect.md "Coverage"). The check is a GET form: `?cp=06600&direccion=…` is the answer's link.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [found, lookup] = await Promise.all([readConfigPage(request, context), coverageLookup(new URL(request.url))]);
  if (!found) throw new Response(null, { status: 404 });
  return data({ page: found.page, banners: found.banners, lookup }, { headers: { "Cache-Control": found.cacheControl } });
}

export default function CoveragePage() {
  const { page, banners, lookup } = useLoaderData<typeof loader>();
  return <ToolPageView page={page} banners={banners} tool={<CoverageTool key={JSON.stringify(lookup.form?.initialValue ?? {})} lookup={lookup} />} />;
}

export const ErrorBoundary = RouteError;
