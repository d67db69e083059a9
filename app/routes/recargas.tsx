import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { RouteError } from "~/components/route-error";
import { pageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ConfigPageView } from "~/render/page/page-view";
import { rechargeModalData } from "~/features/recharge/modal.server";
import { createOfferSource } from "~/features/recharge/catalogue.server";
import { LINE_PARAM, RECHARGE_PARAM } from "~/features/recharge/urls";
import { rechargeAction, type RechargeAnswer } from "~/features/recharge/recharge.server";
import { RechargeModal } from "~/features/recharge/recharge-modal";
import { registerCatalogue } from "~/lib/i18n/translate";
import { form as rechargeForm, history, modal as modalTexts } from "#locales/es-MX/recharge.json";
import { translate } from "~/lib/i18n/i18next.server";
import { takeNotice } from "~/lib/notice.server";

registerCatalogue("recharge", { form: rechargeForm, modal: modalTexts, history });

/**
 * /recargas: the offer catalogue (a config page, pages-config/pages/recargas.json) and the
 * recharge modal over it when the URL names an offer (`?recarga=OFFERID`, docs/recharge.md). Both are in
 * the server's HTML; the modal's 'Siguiente' posts here.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? { kind: "page", page: data.page } : undefined);
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's offer blocks and the modal read the same upstream lists once.
  const offers = createOfferSource();
  const query = new URL(request.url).searchParams;
  const offerId = query.get(RECHARGE_PARAM);
  const [found, modal, { notice, headers }] = await Promise.all([
    readConfigPage(request, context, offers),
    offerId ? rechargeModalData(offerId, offers, query.get(LINE_PARAM)) : null,
    takeNotice(request),
  ]);
  if (!found) throw new Response(null, { status: 404 });
  return data(
    // The notice (a catalogue key of any flow) travels translated: the browser may not carry its texts.
    { page: found.page, banners: found.banners, modal, notice: notice ? translate(notice) : null },
    // The modal's form holds what the visitor typed: never kept by a shared cache.
    { headers: { ...headers, "Cache-Control": modal ? "private, no-store" : found.cacheControl } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) => rechargeAction(request, context);

export default function RechargesPage() {
  const { page, banners, modal, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<RechargeAnswer>();
  return (
    <>
      <ConfigPageView page={page} banners={banners} notice={notice ? <FormMessage tone="error">{notice}</FormMessage> : null} />
      {modal ? <RechargeModal key={modal.ok ? modal.offer.offerId : "error"} modal={modal} answer={answer} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
