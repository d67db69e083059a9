import { lineCategoryForType, lineNumberOf, type RechargeLineForm } from "#schemas/forms/recharge";
import { offerSale, type OfferSaleInput, type RechargeSale } from "#schemas/sale";

/**
 * The sale summary the recharge hands to the payment step (docs/recharge.md "Extra", spec §9): one unit of
 * the offer at its live price, for the validated line, with the references the payments
 * upstream files it under and the visitor's campaign.
 */
export function buildRechargeSale(input: OfferSaleInput & { form: Pick<RechargeLineForm, "phone" | "serviceNumber" | "email" | "whatsapp">; uuid: string }): RechargeSale {
  const { offer, form } = input;
  const lineNumber = lineNumberOf(form, offer.type);
  return {
    kind: "recharge",
    ...offerSale(input),
    total: offer.price,
    lineNumber,
    phone: form.phone,
    email: form.email,
    whatsappOptIn: form.whatsapp,
    references: {
      referencia1: offer.offerId,
      referencia2: lineNumber,
      referencia3: form.phone,
      referencia4: lineCategoryForType(offer.type),
    },
  };
}
