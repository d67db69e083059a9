import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { configPageMeta } from "~/render/page/meta";
import { loadOfferPage } from "~/render/page/offer-page.server";
import { OfferPageView } from "~/render/page/offer-page-view";
import { simModalData } from "~/features/sim/offer.server";
import { SIM_PARAM } from "~/features/sim/urls";
import { simAction, type SimAnswer } from "~/features/sim/sim.server";
import { onDemand } from "~/components/on-demand";
import { SimModal as ServerSimModal } from "~/features/sim/sim-modal.server";
import { esimAction, type EsimAnswer } from "~/features/esim/esim.server";
import { ESIM_PARAM } from "~/features/esim/urls";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["recharge", "blocks", "sim", "auth", "payment"], i18nWith: { [SIM_PARAM]: ["address"] } } satisfies I18nHandle;
const withTexts = catalogueLoader(handle);
/** The modal's code (conform, the schema) loads only when the URL opens it: app/components/on-demand.tsx. */
const SimModal = onDemand(ServerSimModal, () => import("~/features/sim/sim-modal"));
export const clientLoader = (args: ClientLoaderFunctionArgs) => {
  if (new URL(args.request.url).searchParams.has(SIM_PARAM)) SimModal.preload();
  return withTexts(args);
};

/**
 * /cambiate-a-bait: the config page (pages-config/pages/cambiate-a-bait.json) and the SIM modal
 * over it when the URL names a SIM offer (`?chip=OFFERID`, docs/sim.md), or the eSIM modal
 * (`?oferta=OFFERID`, docs/esim.md). All in the server's HTML; the modals' forms post here.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
export const headers: HeadersFunction = keepRetryAfter(({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders));

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadOfferPage(request, context, (offers, query) => {
    const offerId = query.get(SIM_PARAM);
    return offerId ? simModalData(offerId, offers) : null;
  });

/** The post belongs to the modal the URL opens: the eSIM's (`?oferta=`) or the SIM's. */
export const action = ({ request, context }: ActionFunctionArgs) => (new URL(request.url).searchParams.has(ESIM_PARAM) ? esimAction(request, context) : simAction(request, context));

export default function SwitchToBaitPage() {
  const { page, banners, modal, esim, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<SimAnswer & EsimAnswer>();
  return (
    <OfferPageView page={page} banners={banners} notice={notice} esim={esim} answer={answer}>
        {modal ? <SimModal key={modal.ok ? modal.offer.offerId : "error"} modal={modal} answer={answer} /> : null}
    </OfferPageView>
  );
}

export const ErrorBoundary = RouteError;
