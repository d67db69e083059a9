import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { configPageMeta } from "~/render/page/meta";
import { loadOfferPage } from "~/render/page/offer-page.server";
import { OfferPageView } from "~/render/page/offer-page-view";
import { esimAction, type EsimAnswer } from "~/features/esim/esim.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["recharge", "blocks", "esim", "auth"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * /e-sim: the config page (pages-config/pages/e-sim.json, behind the `e-sim` flag) and the eSIM
 * modal over it when the URL names an eSIM offer (`?oferta=OFFERID`, docs/esim.md). Both are in
 * the server's HTML; the modal's 'Revisar compatibilidad' and 'Pagar' post here.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
export const headers: HeadersFunction = keepRetryAfter(({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders));

export const loader = ({ request, context }: LoaderFunctionArgs) => loadOfferPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => esimAction(request, context);

export default function EsimPage() {
  const { page, banners, esim, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<EsimAnswer>();
  return (
    <OfferPageView page={page} banners={banners} notice={notice} esim={esim} answer={answer} />
  );
}

export const ErrorBoundary = RouteError;
