import type { EsimForm } from "#schemas/forms/esim";
import { offerSale, type EsimSale, type OfferSaleInput } from "#schemas/sale";

/**
 * The sale the eSIM modal hands to the payment step (docs/esim.md, spec §9 quantity 1): one eSIM
 * with its first recharge at the live price, filed under the visitor's journey session; nothing
 * is shipped, so the total is the price.
 */
export function buildEsimSale(input: OfferSaleInput & { form: Pick<EsimForm, "contactNumber" | "email" | "imei" | "isBait">; journey: string; portability: boolean }): EsimSale {
  const { offer, form } = input;
  return {
    kind: "esim",
    ...offerSale({ ...input, uuid: input.journey }),
    total: offer.price,
    phone: form.contactNumber,
    email: form.email,
    imei: form.imei,
    // In the portability flow the question is not asked: the number comes from another operator.
    isBaitUser: !input.portability && form.isBait,
    portability: input.portability,
  };
}
