import { lazy, Suspense } from "react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { RouteError } from "~/components/route-error";
import { pageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ConfigPageView } from "~/render/page/page-view";
import { esimAction, type EsimAnswer } from "~/features/esim/esim.server";
import { EsimModal as ServerEsimModal } from "~/features/esim/esim-modal.server";
import { esimModalOf } from "~/features/esim/offer.server";
import { ESIM_PARAM } from "~/features/esim/urls";
import { createOfferSource } from "~/features/recharge/catalogue.server";
import { viewerFor } from "~/features/flags/visibility.server";
import { translate } from "~/lib/i18n/i18n.server";
import { takeNotice } from "~/lib/notice.server";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["recharge", "blocks", "esim", "auth"] } satisfies I18nHandle;

// The eSIM modal's code reaches the browser only on a page whose URL opens it (esim-modal.server.ts says how).
const EsimModal = ServerEsimModal ?? lazy(() => import("~/features/esim/esim-modal"));

/**
 * /e-sim: the config page (pages-config/pages/e-sim.json, behind the `e-sim` flag) and the eSIM
 * modal over it when the URL names an eSIM offer (`?oferta=OFFERID`, docs/esim.md). Both are in
 * the server's HTML; the modal's 'Revisar compatibilidad' and 'Pagar' post here.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageMeta(data ? { kind: "page", page: data.page } : undefined, error);
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const offers = createOfferSource(await viewerFor(request, context));
  const [found, esim, { notice, headers }] = await Promise.all([readConfigPage(request, context, offers), esimModalOf(request, offers), takeNotice(request)]);
  if (!found) throw new Response(null, { status: 404 });
  const out = new Headers(headers);
  if (esim.setCookie) out.append("Set-Cookie", esim.setCookie);
  // The modal's form holds what the visitor typed: never kept by a shared cache.
  out.set("Cache-Control", esim.modal || notice ? "private, no-store" : found.cacheControl);
  return data({ page: found.page, banners: found.banners, modal: esim.modal, notice: notice ? translate(notice) : null }, { headers: out });
}

export const action = ({ request, context }: ActionFunctionArgs) => esimAction(request, context);

export default function EsimPage() {
  const { page, banners, modal, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<EsimAnswer>();
  return (
    <>
      <ConfigPageView page={page} banners={banners} notice={notice ? <FormMessage tone="error">{notice}</FormMessage> : null} />
      {modal ? (
        <Suspense>
          <EsimModal key={modal.ok ? modal.offer.offerId : "error"} modal={modal} answer={answer} param={ESIM_PARAM} />
        </Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
