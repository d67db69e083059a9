import { needsServiceNumber, profileForType } from "#schemas/forms/recharge";
import { getRecharges, getSite } from "~/lib/config/config.server";
import { scriptSettings } from "~/lib/config/scripts.server";
import { allowedScriptUrl } from "~/lib/config/script-urls.server";
import { formatData, formatMoney } from "~/lib/format";
import type { CatalogueOffer, OfferSource } from "./catalogue.server";
import { findRechargeOffer } from "./offer.server";
import { translate } from "~/lib/i18n/i18n.server";
import type { SessionUser } from "#schemas/session";

/** What an offer includes, as the modals list it: data, social networks, the included and the enjoy messages. */
export function offerFeatures(offer: Pick<CatalogueOffer, "mbNavigation" | "mbSocialNetworks" | "unlimitedSocial" | "includeMessage" | "enjoyMessage">): string[] {
  return [
    offer.mbNavigation > 0 ? translate("recharge:modal.navigation", { amount: formatData(offer.mbNavigation) }) : null,
    offer.unlimitedSocial
      ? translate("recharge:modal.unlimitedSocial")
      : offer.mbSocialNetworks > 0
        ? translate("recharge:modal.social", { amount: formatData(offer.mbSocialNetworks) })
        : null,
    offer.includeMessage,
    offer.enjoyMessage ?? null,
  ].filter((text): text is string => Boolean(text));
}

/** The offer as the top of every offer modal shows it (offer-modal/offer-summary.tsx): name, validity, what it includes. */
export function offerSummaryOf(offer: Pick<CatalogueOffer, "offerId" | "rechargeName" | "duration" | "mbNavigation" | "mbSocialNetworks" | "unlimitedSocial" | "includeMessage" | "enjoyMessage">) {
  return {
    offerId: offer.offerId,
    name: offer.rechargeName,
    validityText: translate("recharge:modal.validity", { count: offer.duration }),
    features: offerFeatures(offer),
  };
}

/**
 * What the recharge modal shows for `?recarga=OFFERID`, formatted on the server so the browser
 * carries no formatting code: the offer (name, price, validity, what it includes) and how the
 * line form is set up for its type. An unknown offer, or offers the upstream cannot give, are
 * a message instead. `lineNumber` (the `numero` parameter, from /home's 'Recargar') prefills the
 * line's field; a signed-in customer's line (when the `numero` names none) and e-mail are
 * prefilled too (docs/recharge.md).
 */
export async function rechargeModalData(offerId: string, source?: OfferSource, lineNumber?: string | null, user?: Pick<SessionUser, "number" | "serviceNumber" | "email"> | null) {
  const lookup = await findRechargeOffer(offerId, source);
  if (!lookup.ok) return { ok: false as const, message: translate(lookup.messageKey), retry: lookup.reason === "unavailable" };
  const { offer } = lookup;
  const { fairUsePath } = getRecharges().modal;
  // The widget's script comes from the live config, even in a preview (lib/config/scripts.server.ts).
  const { captcha } = scriptSettings();
  return {
    ok: true as const,
    offer: {
      ...offerSummaryOf(offer),
      type: offer.type,
      priceText: formatMoney(offer.price),
      daysText: translate("recharge:modal.days", { count: offer.duration }),
    },
    profile: profileForType(offer.type),
    needsServiceNumber: needsServiceNumber(offer.type),
    // A captcha script on an origin developers did not allow (schemas/config/script-origins.mjs) is dropped and logged; the captcha is still asked (fail closed).
    captcha: captcha.enabled
      ? { enabled: true as const, siteKey: captcha.siteKey, scriptUrl: allowedScriptUrl(captcha.scriptUrl, "modal.captcha.scriptUrl") ?? null, tokenField: captcha.tokenField }
      : { enabled: false as const },
    fairUsePath,
    privacyUrl: getSite().privacyNoticeUrl,
    prefill: prefillOf(offer.type, lineNumber, user),
  };
}
/** The line form's first values: the line named by the link, else the signed-in customer's; their e-mail. */
function prefillOf(type: number, lineNumber: string | null | undefined, user: Pick<SessionUser, "number" | "serviceNumber" | "email"> | null | undefined) {
  const out: { phone?: string; serviceNumber?: string; email?: string } = {};
  const field = needsServiceNumber(type) ? "serviceNumber" : "phone";
  if (lineNumber && /^\d{10}$/.test(lineNumber)) out[field] = lineNumber;
  if (user) {
    // A service-number offer: the customer's service number when they have one; their Bait number is the contact phone.
    if (field === "serviceNumber") {
      out.serviceNumber ??= user.serviceNumber;
      out.phone = user.number;
    } else out.phone ??= user.number;
    if (user.email) out.email = user.email;
  }
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value)) as typeof out;
}

export type RechargeModalData = Awaited<ReturnType<typeof rechargeModalData>>;
