import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { CompatibilityTool } from "~/features/device/compatibility-view";
import { compatibilityLookup } from "~/features/device/imei-check.server";
import { configPageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ToolPageView } from "~/render/page/tool-page-view";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["esim", "auth", "blocks"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * /compatibilidad: the config page (pages-config/pages/compatibilidad.json) with the device check
 * after its hero (docs/esim.md "The device check"): a GET form, `?imei=…` is the answer's link.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [found, lookup] = await Promise.all([readConfigPage(request, context), compatibilityLookup(url, context)]);
  if (!found) throw new Response(null, { status: 404 });
  // An answer is the visitor's own device, and its check is counted per IP: never kept by a shared cache.
  return data({ page: found.page, banners: found.banners, lookup }, { headers: { "Cache-Control": url.searchParams.has("imei") ? "private, no-store" : found.cacheControl } });
}

export default function CompatibilityPage() {
  const { page, banners, lookup } = useLoaderData<typeof loader>();
  return <ToolPageView page={page} banners={banners} tool={<CompatibilityTool key={String(lookup.form?.initialValue?.imei ?? "")} lookup={lookup} />} />;
}

export const ErrorBoundary = RouteError;
