import * as z from "zod/mini";

/**
 * The card rules of the payment plugin (docs/payment.md, spec §9) and the card form's schema (provider type 1).
 * Pure functions, shared by the server (which checks again whatever the browser sent) and the
 * browser. Every message is a catalogue key of payment.json › validation: the spec's
 * 'Lo sentimos, …' alerts.
 */

export type CardBrand = "visa" | "mastercard" | "amex";

const digits = (value: string) => value.replace(/[\s-]+/g, "");

/** Visa 13 or 16 digits starting 4; Mastercard 16 digits, 51–55 or 2221–2720; Amex 15 digits, 34 or 37. */
export function cardBrand(number: string): CardBrand | null {
  const value = digits(number);
  if (!/^\d+$/.test(value)) return null;
  if (/^4/.test(value) && (value.length === 13 || value.length === 16)) return "visa";
  if (value.length === 16) {
    const two = Number(value.slice(0, 2));
    const four = Number(value.slice(0, 4));
    if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard";
  }
  if (/^3[47]/.test(value) && value.length === 15) return "amex";
  return null;
}

/** The check digit every card network uses (Luhn, ISO/IEC 7812-1). */
export function passesLuhn(number: string): boolean {
  const value = digits(number);
  if (!/^\d{2,}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < value.length; index++) {
    let digit = Number(value[value.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const isValidCardNumber = (number: string) => cardBrand(number) !== null && passesLuhn(number);

/** The security code: 4 digits on Amex, 3 on the others. */
export const cvvLength = (brand: CardBrand | null) => (brand === "amex" ? 4 : 3);

/** How far ahead an expiry may be (docs/payment.md: "Expiry years: 15 from this year"). */
export const EXPIRY_YEARS_AHEAD = 15;

export type Expiry = { month: number; year: number };

/** "MM/YY" (or "MM/YYYY", or "MMYY") → month and four-digit year; null when it is not one. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Valid through the end of its month; not past, and not more than 15 years ahead. */
export function expiryIsValid(expiry: Expiry, now: Date = new Date()): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  if (expiry.year < year || (expiry.year === year && expiry.month < month)) return false;
  return expiry.year <= year + EXPIRY_YEARS_AHEAD;
}

/** The months and years the expiry offers (the spec's selects): this year and the next 15. */
export const expiryYears = (now: Date = new Date()) => Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, index) => now.getFullYear() + index);

/** Names: letters (Spanish ones too: á é í ó ú ü ñ) and single spaces between words. */
export const NAME_PATTERN = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+(?: [A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+)*$/;

const collapse = z.overwrite((value: string) => value.trim().replace(/\s+/g, " "));
const stripSeparators = z.overwrite((value: string) => digits(value));
const checkbox = () => z.pipe(z.optional(z.string()), z.transform((value) => value === "on"));

const key = (name: string) => `payment:validation.${name}`;

/** Which consents the plugin's configuration lists (docs/payment.md legales: tipo 1 privacy, 2 terms). */
export type LegalOptions = { privacy: boolean; terms: boolean };

/**
 * The consents of the pay step: each one the plugin lists must be ticked (docs/payment.md "privacy/terms
 * ticked if present"; 'Lo sentimos, no has aceptado nuestro aviso de privacidad.').
 */
const legalShape = (legal: LegalOptions) => ({
  privacy: legal.privacy ? z.pipe(checkbox(), z.literal(true, { error: key("privacyRequired") })) : z.optional(z.string()),
  terms: legal.terms ? z.pipe(checkbox(), z.literal(true, { error: key("termsRequired") })) : z.optional(z.string()),
});

/** The pay step alone (the summary after 'Siguiente', the hosted card, PayPal). */
export const legalSchema = (legal: LegalOptions) => z.object(legalShape(legal));

/**
 * The card step of provider type 1. The expiry is one "MM/AA" field; its messages are the spec's
 * month / year / expiry ones. `address` asks the billing address with the postal-code lookup;
 * `legal` adds the consents when this step is also the pay step (no details step), and is null
 * on step 1 of 2 (the summary asks them).
 */
export const cardFormSchema = (options: { now?: Date; address: boolean; legal: LegalOptions | null }) =>
  z
    .object({
      firstName: z.string({ error: key("nameRequired") }).check(collapse, z.regex(NAME_PATTERN, key("nameLetters")), z.maxLength(60, key("nameLetters"))),
      lastName: z.string({ error: key("surnameRequired") }).check(collapse, z.regex(NAME_PATTERN, key("surnameLetters")), z.maxLength(80, key("surnameLetters"))),
      cardNumber: z.string({ error: key("cardRequired") }).check(stripSeparators, z.refine(isValidCardNumber, key("cardFormat"))),
      expiry: z
        .string({ error: key("monthRequired") })
        .check(
          z.trim(),
          z.refine((value) => !/^\d{1,2}\/?$/.test(value), key("yearRequired")),
          z.refine((value) => {
            const parsed = parseExpiry(value);
            return parsed !== null && expiryIsValid(parsed, options.now ?? new Date());
          }, key("expiryInvalid")),
        ),
      cvv: z.string({ error: key("cvvRequired") }).check(z.trim(), z.regex(/^\d{3,4}$/, key("cvvFormat"))),
      address: options.address ? z.string({ error: key("addressRequired") }).check(collapse, z.maxLength(120, key("addressRequired"))) : z.optional(z.string()),
      postalCode: options.address ? z.string({ error: key("postalCodeRequired") }).check(z.trim(), z.regex(/^\d{5}$/, key("postalCodeFormat"))) : z.optional(z.string()),
      colonia: options.address ? z.string({ error: key("coloniaRequired") }).check(z.refine((value) => value !== "00", key("coloniaRequired"))) : z.optional(z.string()),
      ...legalShape(options.legal ?? { privacy: false, terms: false }),
    })
    .check(
      // The security code's length depends on the card: 4 digits on Amex, 3 on Visa and Mastercard.
      z.refine((value) => !isValidCardNumber(value.cardNumber) || value.cvv.length === cvvLength(cardBrand(value.cardNumber)), {
        message: key("cvvFormat"),
        path: ["cvv"],
      }),
    );
export type CardForm = z.infer<ReturnType<typeof cardFormSchema>>;

/**
 * The card step without JavaScript: the holder and the billing address only. The card itself is
 * typed on the provider's hosted payment page, never in a form of ours (docs/payment.md "Card data").
 */
export const cardHolderSchema = (options: { address: boolean }) =>
  z.object({
    firstName: z.string({ error: key("nameRequired") }).check(collapse, z.regex(NAME_PATTERN, key("nameLetters")), z.maxLength(60, key("nameLetters"))),
    lastName: z.string({ error: key("surnameRequired") }).check(collapse, z.regex(NAME_PATTERN, key("surnameLetters")), z.maxLength(80, key("surnameLetters"))),
    address: options.address ? z.string({ error: key("addressRequired") }).check(collapse, z.maxLength(120, key("addressRequired"))) : z.optional(z.string()),
    postalCode: options.address ? z.string({ error: key("postalCodeRequired") }).check(z.trim(), z.regex(/^\d{5}$/, key("postalCodeFormat"))) : z.optional(z.string()),
    colonia: options.address ? z.string({ error: key("coloniaRequired") }).check(z.refine((value) => value !== "00", key("coloniaRequired"))) : z.optional(z.string()),
  });

/** The card as the summary shows it: the last 4 digits only. */
export const maskCard = (number: string) => `•••• ${digits(number).slice(-4)}`;

/**
 * Every post of the checkout (/pago), one branch per intent (the value of the button that sent
 * it): the action reads the form once and parses it once against this union, then hands the
 * typed branch to that intent's handler. The consents and the billing address are what the
 * plugin lists; the sealed card, the hosted fields' token and holder are checked by their
 * handlers (their refusals are messages, not field errors).
 */
export const checkoutSchema = (options: { legal: LegalOptions; address: boolean }) => {
  const legal = legalShape(options.legal);
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("postal-code"), postalCode: z.optional(z.string()) }),
    // `keepCard`: 'Guardar esta tarjeta con el procesador de pagos…', offered to a signed-in customer (docs/payment.md "Repeat with the kept card").
    z.extend(cardHolderSchema({ address: options.address }), { intent: z.literal("card-page"), keepCard: checkbox() }),
    z.object({ intent: z.literal("card-page-pay"), ...legal }),
    z.object({ intent: z.literal("pay"), sealed: z.optional(z.string()), keepCard: checkbox(), ...legal }),
    z.object({ intent: z.literal("hosted-pay"), token: z.optional(z.string()), holder: z.optional(z.string()), keepCard: checkbox(), ...legal }),
    z.object({ intent: z.literal("paypal"), ...legal }),
    z.object({ intent: z.literal("paypal-confirm") }),
  ]);
};
export type CheckoutForm = z.infer<ReturnType<typeof checkoutSchema>>;
/** One intent's branch of the checkout's form. */
export type CheckoutPost<Intent extends CheckoutForm["intent"]> = Extract<CheckoutForm, { intent: Intent }>;
