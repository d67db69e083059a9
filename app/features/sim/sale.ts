import type { SimDeliveryForm } from "#schemas/forms/sim";
import { offerSale, type OfferSaleInput, type SimSale } from "#schemas/sale";
import type { PostalLookup } from "~/features/address/postal.server";

/** MXN: the offer and its delivery, rounded to cents. */
export const simTotal = (price: number, shippingCost: number) => Math.round((price + shippingCost) * 100) / 100;

/**
 * The sale the SIM modal hands to the payment step (docs/sim.md "Extra" and "Envio", spec §9 quantity 1):
 * one SIM with its first recharge at the live price, the shipping cost added to the total, and
 * the delivery address with the colonia's name and the place as the server's own postal lookup
 * says it (what the browser posted for state or municipality is never used).
 */
export function buildSimSale(
  input: OfferSaleInput & {
    form: Omit<SimDeliveryForm, "offerId" | "colony">;
    colony: { name: string };
    postal: Pick<PostalLookup, "city" | "municipality" | "state" | "country">;
    shippingCost: number;
    uuid: string;
  },
): SimSale {
  const { offer, form, postal } = input;
  return {
    kind: "sim",
    ...offerSale(input),
    shippingCost: input.shippingCost,
    total: simTotal(offer.price, input.shippingCost),
    phone: form.contactNumber,
    email: form.email,
    delivery: {
      contactName: form.contactName,
      contactLastName: form.contactLastName,
      email: form.email,
      contactNumber: form.contactNumber,
      postalCode: form.postalCode,
      address: form.address,
      exteriorNumber: form.exteriorNumber,
      ...(form.interiorNumber ? { interiorNumber: form.interiorNumber } : {}),
      colony: input.colony.name,
      city: postal.city,
      municipality: postal.municipality,
      state: postal.state,
      country: postal.country,
    },
  };
}
