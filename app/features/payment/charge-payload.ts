/**
 * The card provider's `data` of /cobrar (docs/payment.md "Payment", spec §7): the cardholder, the billing
 * address and the card, built the same way in the browser (sealed there, with JavaScript) and on
 * the server (sealed at once, without it). app/upstream/payments/charge.schemas.ts `chargeData` is its
 * schema; a test keeps them in step.
 */
export type BillingFields = { address: string; colonia: string; postalCode: string; city: string; state: string; country: string };
export type CardFields = { number: string; month: string; year: string; cvv: string };

export type ChargePayload = {
  divisa: "MXN";
  nombre: string;
  apellido: string;
  direccion: string;
  /** "00" when no colonia applies (docs/payment.md default). */
  colonia: string;
  codigoPostal: string;
  ciudad: string;
  estado: string;
  pais: string;
  tarjeta?: { numero: string; mes: string; anio: string; clave: string };
};

export const NO_BILLING: BillingFields = { address: "", colonia: "00", postalCode: "", city: "", state: "", country: "MX" };

export function chargePayload(holder: { firstName: string; lastName: string }, billing: BillingFields, card?: CardFields): ChargePayload {
  return {
    divisa: "MXN",
    nombre: holder.firstName,
    apellido: holder.lastName,
    direccion: billing.address,
    colonia: billing.colonia || "00",
    codigoPostal: billing.postalCode,
    ciudad: billing.city,
    estado: billing.state,
    pais: billing.country,
    ...(card ? { tarjeta: { numero: card.number, mes: card.month, anio: card.year, clave: card.cvv } } : {}),
  };
}

/** "MM/AA" typed → the month and two-digit year the provider reads. */
export function cardFieldsOf(value: { cardNumber: string; expiry: { month: number; year: number }; cvv: string }): CardFields {
  return {
    number: value.cardNumber.replace(/[\s-]+/g, ""),
    month: String(value.expiry.month).padStart(2, "0"),
    year: String(value.expiry.year % 100).padStart(2, "0"),
    cvv: value.cvv.trim(),
  };
}
