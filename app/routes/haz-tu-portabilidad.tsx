import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { portabilityAction } from "~/features/portability/portability.server";
import { PortabilityTool } from "~/features/portability/portability-view";
import { configPageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ToolPageView } from "~/render/page/tool-page-view";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["portability", "auth", "payment", "blocks"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * /haz-tu-portabilidad: the config page (pages-config/pages/haz-tu-portabilidad.json) with the
 * portability request after its hero (docs/prospect.md "Portability"); the form posts here.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
/** A page with a request form, whose answer holds what the visitor typed: never kept by a cache. */
export const headers: HeadersFunction = keepRetryAfter({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const found = await readConfigPage(request, context);
  if (!found) throw new Response(null, { status: 404 });
  return { page: found.page, banners: found.banners };
}

export const action = ({ request, context }: ActionFunctionArgs) => portabilityAction(request, context);

export default function PortabilityPage() {
  const { page, banners } = useLoaderData<typeof loader>();
  return <ToolPageView page={page} banners={banners} tool={<PortabilityTool />} />;
}

export const ErrorBoundary = RouteError;
