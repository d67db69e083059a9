import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { configPageMeta } from "~/render/page/meta";
import { loadOfferPage } from "~/render/page/offer-page.server";
import { OfferPageView } from "~/render/page/offer-page-view";
import { rechargeModalData } from "~/features/recharge/modal.server";
import { LINE_PARAM, RECHARGE_PARAM } from "~/features/recharge/urls";
import { rechargeAction, type RechargeAnswer } from "~/features/recharge/recharge.server";
import { onDemand } from "~/components/on-demand";
import { RechargeModal as ServerRechargeModal } from "~/features/recharge/recharge-modal.server";
import { esimAction, type EsimAnswer } from "~/features/esim/esim.server";
import { ESIM_PARAM } from "~/features/esim/urls";
import { getSessionUser } from "~/lib/session.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["recharge", "blocks", "auth"] } satisfies I18nHandle;
const withTexts = catalogueLoader(handle);
/** The modal's code (conform, the schema) loads only when the URL opens it: app/components/on-demand.tsx. */
const RechargeModal = onDemand(ServerRechargeModal, () => import("~/features/recharge/recharge-modal"));
export const clientLoader = (args: ClientLoaderFunctionArgs) => {
  if (new URL(args.request.url).searchParams.has(RECHARGE_PARAM)) RechargeModal.preload();
  return withTexts(args);
};

/**
 * /recargas: the offer catalogue (a config page, pages-config/pages/recargas.json) and the
 * recharge modal over it when the URL names an offer (`?recarga=OFFERID`, docs/recharge.md), or the
 * eSIM modal (`?oferta=OFFERID`, docs/esim.md, from the E-SIM tab). All in the server's HTML; the
 * modals' forms post here.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
export const headers: HeadersFunction = keepRetryAfter(({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders));

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadOfferPage(request, context, (offers, query) => {
    const offerId = query.get(RECHARGE_PARAM);
    return offerId ? getSessionUser(request).then((user) => rechargeModalData(offerId, offers, query.get(LINE_PARAM), user)) : null;
  });

/** The post belongs to the modal the URL opens: the eSIM's (`?oferta=`) or the recharge's. */
export const action = ({ request, context }: ActionFunctionArgs) => (new URL(request.url).searchParams.has(ESIM_PARAM) ? esimAction(request, context) : rechargeAction(request, context));

export default function RechargesPage() {
  const { page, banners, modal, esim, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<RechargeAnswer & EsimAnswer>();
  return (
    <OfferPageView page={page} banners={banners} notice={notice} esim={esim} answer={answer}>
        {modal ? <RechargeModal key={modal.ok ? modal.offer.offerId : "error"} modal={modal} answer={answer} /> : null}
    </OfferPageView>
  );
}

export const ErrorBoundary = RouteError;
