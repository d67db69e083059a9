import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { pageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ConfigPageView } from "~/render/page/page-view";
import { createOfferSource } from "~/features/recharge/catalogue.server";
import { simModalData } from "~/features/sim/offer.server";
import { SIM_PARAM } from "~/features/sim/urls";
import { simAction, type SimAnswer } from "~/features/sim/sim.server";
import { SimModal } from "~/features/sim/sim-modal";
import { registerCatalogue } from "~/lib/i18n/translate";
import { form as rechargeForm } from "#locales/es-MX/recharge.json";
import sim from "#locales/es-MX/sim.json";

// The form's messages shared with the recharge modal ('Campo requerido', 'Correo inválido'…) and the SIM texts.
registerCatalogue("recharge", { form: rechargeForm });
registerCatalogue("sim", sim);

/**
 * /cambiate-a-bait: the config page (pages-config/pages/cambiate-a-bait.json) and the SIM modal
 * over it when the URL names a SIM offer (`?chip=OFFERID`, docs/sim.md). Both are in the server's
 * HTML; the modal's 'Buscar colonias' and 'Siguiente' post here.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? { kind: "page", page: data.page } : undefined);
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's SIM cards and the modal read the same upstream list once.
  const offers = createOfferSource();
  const offerId = new URL(request.url).searchParams.get(SIM_PARAM);
  const [found, modal] = await Promise.all([readConfigPage(request, context, offers), offerId ? simModalData(offerId, offers) : null]);
  if (!found) throw new Response(null, { status: 404 });
  return data(
    { page: found.page, banners: found.banners, modal },
    // The modal's form holds what the visitor typed: never kept by a shared cache.
    { headers: { "Cache-Control": modal ? "private, no-store" : found.cacheControl } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) => simAction(request, context);

export default function SwitchToBaitPage() {
  const { page, banners, modal } = useLoaderData<typeof loader>();
  const answer = useActionData<SimAnswer>();
  return (
    <>
      <ConfigPageView page={page} banners={banners} />
      {modal ? <SimModal key={modal.ok ? modal.offer.offerId : "error"} modal={modal} answer={answer} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
