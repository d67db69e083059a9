import type { ReactNode } from "react";
import { onDemand } from "~/components/on-demand";
import { FormMessage } from "~/components/form/form-messages";
import type { EsimAnswer } from "~/features/esim/esim.server";
import { EsimModal as ServerEsimModal } from "~/features/esim/esim-modal.server";
import type { EsimModalData } from "~/features/esim/offer.server";
import { ESIM_PARAM } from "~/features/esim/urls";
import { ConfigPageView, type PageViewData } from "./page-view";

// The eSIM modal's code reaches the browser only on a page whose URL opens it (esim-modal.server.ts says how).
const EsimModal = onDemand(ServerEsimModal, () => import("~/features/esim/esim-modal"));

/**
 * The view of a page that sells offers in modals (/recargas, /cambiate-a-bait, /e-sim; the
 * loader is offer-page.server.ts): the config page with its notice, the page's own modal
 * (`children`) and the eSIM modal when the URL opens it.
 */
export function OfferPageView({
  page,
  banners,
  notice,
  esim,
  answer,
  children,
}: PageViewData & { notice: string | null; esim: EsimModalData | null; answer?: EsimAnswer; children?: ReactNode }) {
  return (
    <>
      <ConfigPageView page={page} banners={banners} notice={notice ? <FormMessage tone="error">{notice}</FormMessage> : null} />
      {children}
      {esim ? (
        <EsimModal key={esim.ok ? esim.offer.offerId : "error"} modal={esim} answer={answer} param={ESIM_PARAM} />
      ) : null}
    </>
  );
}
