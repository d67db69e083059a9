import { categoryOffers, createOfferSource, type CatalogueOffer, type OfferSource } from "~/features/recharge/catalogue.server";
import { offerSummaryOf } from "~/features/recharge/modal.server";
import { getRecharges, getSite } from "~/lib/config/config.server";
import { formatMoney } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import { checkEsimSale, getEsimVisitor } from "~/upstream/esim.server";
import { startJourney } from "./journey.server";
import { ESIM_FLOW_PARAM, PHYSICAL_SIM_HREF, PORTABILITY_FLOW } from "./urls";

export type EsimOfferLookup =
  | { ok: true; offer: CatalogueOffer }
  /** Not an eSIM offer of the catalogue, or no longer on sale. */
  | { ok: false; reason: "unknown"; messageKey: "esim:modal.unknownOffer" }
  /** The upstream could not say what is on sale. */
  | { ok: false; reason: "unavailable"; messageKey: string };

/** An eSIM offer (category `e-sim`): marketing's config with the eSIM upstream's live name, price and validity. */
export async function findEsimOffer(offerId: string | null | undefined, source: OfferSource = createOfferSource()): Promise<EsimOfferLookup> {
  const configured = getRecharges().offers.find((offer) => offer.offerId === offerId && offer.category === "e-sim");
  if (!configured) return { ok: false, reason: "unknown", messageKey: "esim:modal.unknownOffer" };
  const result = await categoryOffers("e-sim", [configured], source);
  if (!result.ok) return { ok: false, reason: "unavailable", messageKey: result.messageKey };
  const offer = result.offers[0];
  return offer ? { ok: true, offer } : { ok: false, reason: "unknown", messageKey: "esim:modal.unknownOffer" };
}

export const isPortabilityFlow = (url: URL) => url.searchParams.get(ESIM_FLOW_PARAM) === PORTABILITY_FLOW;

/** What the visitor told the journey before (the spec's visitor record): the form starts with it. */
async function prefillOf(journey: string) {
  const visitor = await getEsimVisitor(journey);
  if (!visitor.ok) return {};
  const { contactNumber, email, imei } = visitor.data;
  return {
    ...(contactNumber ? { contactNumber } : {}),
    ...(email ? { email, emailconfirmar: email } : {}),
    ...(imei ? { imei } : {}),
  };
}

/**
 * What the eSIM modal shows for `?oferta=OFFERID` (docs/esim.md), formatted on the server: the
 * offer, its total, the fair-use and physical-SIM links, the replacement note, and the form
 * prefilled from the visitor's journey. The journey is started here (the purchase is filed
 * under it); a visitor whose journey already bought starts a new one. `setCookie` keeps it.
 */
export async function esimModalData(request: Request, source?: OfferSource) {
  const url = new URL(request.url);
  const lookup = await findEsimOffer(url.searchParams.get("oferta"), source);
  if (!lookup.ok) return { modal: { ok: false as const, message: translate(lookup.messageKey), retry: lookup.reason === "unavailable" }, setCookie: null };
  let journey = await startJourney(request);
  if (journey.ok && !journey.setCookie && !(await checkEsimSale(journey.uuid)).ok) journey = await startJourney(request, { fresh: true });
  // Without a journey nothing can be bought: the spec's message, and 'Aceptar' reloads.
  if (!journey.ok) return { modal: { ok: false as const, message: translate("esim:flow.sessionFailed"), retry: true }, setCookie: null };
  const { offer } = lookup;
  return {
    modal: {
      ok: true as const,
      offer: { ...offerSummaryOf(offer), includeMessage: offer.includeMessage },
      totalText: formatMoney(offer.price),
      fairUseHref: getRecharges().modal.fairUsePath,
      physicalSimHref: PHYSICAL_SIM_HREF,
      privacyUrl: getSite().privacyNoticeUrl,
      portability: isPortabilityFlow(url),
      prefill: journey.setCookie ? {} : await prefillOf(journey.uuid),
    },
    setCookie: journey.setCookie,
  };
}
export type EsimModalData = Awaited<ReturnType<typeof esimModalData>>["modal"];

/** The eSIM modal of a page's URL (`?oferta=`), or null when none is open; `setCookie` keeps the visitor's journey. */
export async function esimModalOf(request: Request, source?: OfferSource) {
  if (!new URL(request.url).searchParams.get("oferta")) return { modal: null, setCookie: null };
  return esimModalData(request, source);
}
