import { lazy, Suspense } from "react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { RouteError } from "~/components/route-error";
import { pageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ConfigPageView } from "~/render/page/page-view";
import { createOfferSource } from "~/features/recharge/catalogue.server";
import { viewerFor } from "~/features/flags/visibility.server";
import { simModalData } from "~/features/sim/offer.server";
import { SIM_PARAM } from "~/features/sim/urls";
import { simAction, type SimAnswer } from "~/features/sim/sim.server";
import { SimModal } from "~/features/sim/sim-modal";
import { esimAction, type EsimAnswer } from "~/features/esim/esim.server";
import { EsimModal as ServerEsimModal } from "~/features/esim/esim-modal.server";
import { esimModalOf } from "~/features/esim/offer.server";
import { ESIM_PARAM } from "~/features/esim/urls";
import { translate } from "~/lib/i18n/i18n.server";
import { takeNotice } from "~/lib/notice.server";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["recharge", "blocks", "sim", "address", "auth", "payment"] } satisfies I18nHandle;

// The eSIM modal's code reaches the browser only on a page whose URL opens it (esim-modal.server.ts says how).
const EsimModal = ServerEsimModal ?? lazy(() => import("~/features/esim/esim-modal"));

/**
 * /cambiate-a-bait: the config page (pages-config/pages/cambiate-a-bait.json) and the SIM modal
 * over it when the URL names a SIM offer (`?chip=OFFERID`, docs/sim.md), or the eSIM modal
 * (`?oferta=OFFERID`, docs/esim.md). All in the server's HTML; the modals' forms post here.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageMeta(data ? { kind: "page", page: data.page } : undefined, error);
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's SIM and eSIM cards and the modals read the same upstream lists once.
  const offers = createOfferSource(await viewerFor(request, context));
  const offerId = new URL(request.url).searchParams.get(SIM_PARAM);
  const [found, modal, esim, { notice, headers }] = await Promise.all([
    readConfigPage(request, context, offers),
    offerId ? simModalData(offerId, offers) : null,
    esimModalOf(request, offers),
    takeNotice(request),
  ]);
  if (!found) throw new Response(null, { status: 404 });
  const out = new Headers(headers);
  if (esim.setCookie) out.append("Set-Cookie", esim.setCookie);
  // The modals' forms hold what the visitor typed: never kept by a shared cache.
  out.set("Cache-Control", modal || esim.modal || notice ? "private, no-store" : found.cacheControl);
  return data({ page: found.page, banners: found.banners, modal, esim: esim.modal, notice: notice ? translate(notice) : null }, { headers: out });
}

/** The post belongs to the modal the URL opens: the eSIM's (`?oferta=`) or the SIM's. */
export const action = ({ request, context }: ActionFunctionArgs) => (new URL(request.url).searchParams.has(ESIM_PARAM) ? esimAction(request, context) : simAction(request, context));

export default function SwitchToBaitPage() {
  const { page, banners, modal, esim, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<SimAnswer & EsimAnswer>();
  return (
    <>
      <ConfigPageView page={page} banners={banners} notice={notice ? <FormMessage tone="error">{notice}</FormMessage> : null} />
      {modal ? <SimModal key={modal.ok ? modal.offer.offerId : "error"} modal={modal} answer={answer} /> : null}
      {esim ? (
        <Suspense>
          <EsimModal key={esim.ok ? esim.offer.offerId : "error"} modal={esim} answer={answer} param={ESIM_PARAM} />
        </Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
