import { lazy, Suspense } from "react";
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
import { viewerFor } from "~/features/flags/visibility.server";
import { LINE_PARAM, RECHARGE_PARAM } from "~/features/recharge/urls";
import { rechargeAction, type RechargeAnswer } from "~/features/recharge/recharge.server";
import { RechargeModal } from "~/features/recharge/recharge-modal";
import { esimAction, type EsimAnswer } from "~/features/esim/esim.server";
import { EsimModal as ServerEsimModal } from "~/features/esim/esim-modal.server";
import { esimModalOf } from "~/features/esim/offer.server";
import { ESIM_PARAM } from "~/features/esim/urls";
import { translate } from "~/lib/i18n/i18n.server";
import { takeNotice } from "~/lib/notice.server";
import { getSessionUser } from "~/lib/session.server";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["recharge", "blocks", "auth"] } satisfies I18nHandle;

// The eSIM modal's code reaches the browser only on a page whose URL opens it (esim-modal.server.ts says how).
const EsimModal = ServerEsimModal ?? lazy(() => import("~/features/esim/esim-modal"));

/**
 * /recargas: the offer catalogue (a config page, pages-config/pages/recargas.json) and the
 * recharge modal over it when the URL names an offer (`?recarga=OFFERID`, docs/recharge.md), or the
 * eSIM modal (`?oferta=OFFERID`, docs/esim.md, from the E-SIM tab). All in the server's HTML; the
 * modals' forms post here.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageMeta(data ? { kind: "page", page: data.page } : undefined, error);
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's offer blocks and the modal read the same upstream lists once.
  const offers = createOfferSource(await viewerFor(request, context));
  const query = new URL(request.url).searchParams;
  const offerId = query.get(RECHARGE_PARAM);
  const [found, modal, esim, { notice, headers }] = await Promise.all([
    readConfigPage(request, context, offers),
    offerId ? getSessionUser(request).then((user) => rechargeModalData(offerId, offers, query.get(LINE_PARAM), user)) : null,
    esimModalOf(request, offers),
    takeNotice(request),
  ]);
  if (!found) throw new Response(null, { status: 404 });
  const out = new Headers(headers);
  if (esim.setCookie) out.append("Set-Cookie", esim.setCookie);
  // The modals' forms hold what the visitor typed: never kept by a shared cache.
  out.set("Cache-Control", modal || esim.modal ? "private, no-store" : found.cacheControl);
  // The notice (a catalogue key of any flow) travels translated: the browser may not carry its texts.
  return data({ page: found.page, banners: found.banners, modal, esim: esim.modal, notice: notice ? translate(notice) : null }, { headers: out });
}

/** The post belongs to the modal the URL opens: the eSIM's (`?oferta=`) or the recharge's. */
export const action = ({ request, context }: ActionFunctionArgs) => (new URL(request.url).searchParams.has(ESIM_PARAM) ? esimAction(request, context) : rechargeAction(request, context));

export default function RechargesPage() {
  const { page, banners, modal, esim, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<RechargeAnswer & EsimAnswer>();
  return (
    <>
      <ConfigPageView page={page} banners={banners} notice={notice ? <FormMessage tone="error">{notice}</FormMessage> : null} />
      {modal ? <RechargeModal key={modal.ok ? modal.offer.offerId : "error"} modal={modal} answer={answer} /> : null}
      {esim ? (
        <Suspense>
          <EsimModal key={esim.ok ? esim.offer.offerId : "error"} modal={esim} answer={answer} param={ESIM_PARAM} />
        </Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
