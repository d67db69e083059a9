import type { EsimForm } from "#schemas/forms/esim";
import type { EsimSale } from "#schemas/sale";
import type { CatalogueOffer } from "~/features/recharge/catalogue.server";

/**
 * The sale the eSIM modal hands to the payment step (docs/esim.md, spec §9 quantity 1): one eSIM
 * with its first recharge at the live price, filed under the visitor's journey session; nothing
 * is shipped, so the total is the price.
 */
export function buildEsimSale(input: {
  offer: Pick<CatalogueOffer, "offerId" | "type" | "rechargeName" | "price" | "duration" | "includeMessage">;
  form: Pick<EsimForm, "contactNumber" | "email" | "imei" | "isBait">;
  journey: string;
  portability: boolean;
  campaign?: EsimSale["campaign"];
  loggedIn: boolean;
  returnTo: string;
  now?: Date;
}): EsimSale {
  const { offer, form } = input;
  return {
    kind: "esim",
    uuid: input.journey,
    offerId: offer.offerId,
    type: offer.type,
    description: offer.rechargeName,
    price: offer.price,
    quantity: 1,
    total: offer.price,
    validityDays: offer.duration,
    includeMessage: offer.includeMessage,
    phone: form.contactNumber,
    email: form.email,
    imei: form.imei,
    // In the portability flow the question is not asked: the number comes from another operator.
    isBaitUser: !input.portability && form.isBait,
    portability: input.portability,
    ...(input.campaign ? { campaign: input.campaign } : {}),
    loggedIn: input.loggedIn,
    returnTo: input.returnTo,
    createdAt: (input.now ?? new Date()).toISOString(),
  };
}
