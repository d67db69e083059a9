import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { esimModalOf } from "~/features/esim/offer.server";
import { viewerFor } from "~/features/flags/visibility.server";
import { createOfferSource, type OfferSource } from "~/features/recharge/catalogue.server";
import { translate } from "~/lib/i18n/i18n.server";
import { takeNotice } from "~/lib/notice.server";
import { readConfigPage } from "./page.server";

/**
 * The loader of a config page that sells offers in modals (/recargas, /cambiate-a-bait, /e-sim):
 * the page, the page's own modal when its parameter names an offer (`modalOf`; the recharge's or
 * the SIM's), the eSIM modal (`?oferta=`, which any of them shows) and the flash notice. The
 * page's offer blocks and the modals read the same upstream lists once.
 */
export async function loadOfferPage<M>(
  request: Request,
  context: AppLoadContext,
  modalOf?: (offers: OfferSource, query: URLSearchParams) => Promise<M> | null,
) {
  const offers = createOfferSource(await viewerFor(request, context));
  const query = new URL(request.url).searchParams;
  const [found, modal, esim, { notice, headers }] = await Promise.all([
    readConfigPage(request, context, offers),
    modalOf ? modalOf(offers, query) : null,
    esimModalOf(request, offers),
    takeNotice(request),
  ]);
  if (!found) throw new Response(null, { status: 404 });
  const out = new Headers(headers);
  if (esim.setCookie) out.append("Set-Cookie", esim.setCookie);
  // The modals' forms hold what the visitor typed, and a notice is the visitor's own: never kept by a shared cache.
  out.set("Cache-Control", modal || esim.modal || notice ? "private, no-store" : found.cacheControl);
  // The notice (a catalogue key of any flow) travels translated: the browser may not carry its texts.
  return data({ page: found.page, banners: found.banners, modal: modal ?? null, esim: esim.modal, notice: notice ? translate(notice) : null }, { headers: out });
}
