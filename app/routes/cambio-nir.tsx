import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { areaCodeAction, areaCodeLine, availableAreaCodes, loginThenBack } from "~/features/area-code/area-code.server";
import { AreaCodeTool } from "~/features/area-code/area-code-view";
import { configPageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ToolPageView } from "~/render/page/tool-page-view";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["areaCode", "auth", "recharge", "blocks"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * /cambio-nir: the config page (pages-config/pages/cambio-nir.json) with the available area codes
 * by state and, for a signed-in customer, the change of their line's area code after its hero (docs/prospect.md "Area-code change"); the form posts here.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
/** A page with a request form, whose answer holds what the visitor typed: never kept by a cache. */
export const headers: HeadersFunction = keepRetryAfter({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await loginThenBack(request);
  const [found, states, line] = await Promise.all([readConfigPage(request, context), availableAreaCodes(), areaCodeLine(request)]);
  if (!found) throw new Response(null, { status: 404 });
  return { page: found.page, banners: found.banners, states, line };
}

export const action = ({ request, context }: ActionFunctionArgs) => areaCodeAction(request, context);

export default function AreaCodePage() {
  const { page, banners, states, line } = useLoaderData<typeof loader>();
  return <ToolPageView page={page} banners={banners} tool={<AreaCodeTool states={states} line={line} />} />;
}

export const ErrorBoundary = RouteError;
