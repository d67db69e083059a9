import * as z from "zod";
import { lineProfiles } from "./line";

/**
 * A sale ready for payment (docs/recharge.md "Extra"): what the recharge hand-over passes to the checkout.
 * Kept in the signed session cookie between 'Siguiente' and the payment; it holds no card data.
 */
export const lineCategory = z.enum(lineProfiles);

export const campaign = z.object({
  source: z.string().optional(),
  medium: z.string().optional(),
  campaign: z.string().optional(),
  content: z.string().optional(),
});

/**
 * What every sale kind carries: the checkout, the payments upstream's `extra` and the
 * confirmation read only these (and `kind`).
 */
const saleBase = z.object({
  uuid: z.uuid(),
  offerId: z.string().min(1),
  /** The offer's type code (docs/recharge.md). */
  type: z.number().int(),
  description: z.string().min(1),
  /** MXN, the offer alone. */
  price: z.number().nonnegative(),
  quantity: z.literal(1),
  /** MXN: what the customer pays (the price, plus shipping where it applies). */
  total: z.number().nonnegative(),
  /** Validity in days. */
  validityDays: z.number().int().positive(),
  includeMessage: z.string(),
  /** The phone the sale is filed under. */
  phone: z.string().regex(/^\d{10}$/),
  email: z.email(),
  campaign: campaign.optional(),
  /** Whether a customer was signed in (the spec's `logged`, 'Si' / 'No'). */
  loggedIn: z.boolean(),
  /** Where the visitor was: the checkout's 'Cambiar datos' goes back there. */
  returnTo: z.string().startsWith("/"),
  createdAt: z.iso.datetime(),
});

/** What a sale takes from its offer (the catalogue's offer at its live price). */
type Campaign = z.infer<typeof campaign>;

export type SaleOffer = { offerId: string; type: number; rechargeName: string; price: number; duration: number; includeMessage: string };

/**
 * The one sale builder: the fields every kind of sale fills the same way, one unit of the offer
 * at its live price (spec §9 quantity 1). Each modal adds its kind, total, contact and own fields.
 */
/** What every sale builder takes besides its form: the offer, the visit and when. */
export type OfferSaleInput = { offer: SaleOffer; campaign?: Campaign; loggedIn: boolean; returnTo: string; now?: Date };

export function offerSale(input: OfferSaleInput & { uuid: string }) {
  const { offer } = input;
  return {
    uuid: input.uuid,
    offerId: offer.offerId,
    type: offer.type,
    description: offer.rechargeName,
    price: offer.price,
    quantity: 1 as const,
    validityDays: offer.duration,
    includeMessage: offer.includeMessage,
    ...(input.campaign ? { campaign: input.campaign } : {}),
    loggedIn: input.loggedIn,
    returnTo: input.returnTo,
    createdAt: (input.now ?? new Date()).toISOString(),
  };
}

export const rechargeSale = saleBase.extend({
  kind: z.literal("recharge"),
  /** The line recharged: Bait number, or the modem's service number (`phone` is the one typed, the same except for types 3 and 8). */
  lineNumber: z.string().regex(/^\d{10}$/),
  whatsappOptIn: z.boolean(),
  /**
   * Paid through someone's 'Pide tu recarga' link by a payer who is not the line's signed-in
   * customer (docs/request-link.md): every page, answer and receipt of the sale shows the line and
   * the contact phone masked; the full numbers stay in the server's session, for the upstreams.
   */
  masked: z.literal(true).optional(),
  /** referencia1 the offer, referencia2 the line, referencia3 the contact phone, referencia4 the line category (docs/recharge.md). */
  references: z.object({
    referencia1: z.string(),
    referencia2: z.string(),
    referencia3: z.string(),
    referencia4: lineCategory,
  }),
});
export type RechargeSale = z.infer<typeof rechargeSale>;

/** The SIM's delivery address (docs/recharge.md "SIM delivery"), with what the postal lookup derived. */
export const simDelivery = z.object({
  contactName: z.string().min(1),
  contactLastName: z.string().min(1),
  email: z.email(),
  contactNumber: z.string().regex(/^\d{10}$/),
  postalCode: z.string().regex(/^\d{5}$/),
  address: z.string().min(1),
  exteriorNumber: z.string().min(1),
  interiorNumber: z.string().optional(),
  /** The colonia's name, as the postal lookup answered it. */
  colony: z.string().min(1),
  city: z.string(),
  municipality: z.string(),
  state: z.string(),
  country: z.string(),
});
export type SimDelivery = z.infer<typeof simDelivery>;

/** A SIM with its first recharge, sent to a Mexican address; the shipping cost is added to the total. */
export const simSale = saleBase.extend({
  kind: z.literal("sim"),
  /** MXN; total = price + shippingCost. */
  shippingCost: z.number().nonnegative(),
  delivery: simDelivery,
});
export type SimSale = z.infer<typeof simSale>;

/**
 * An eSIM with its first recharge (docs/esim.md): sent by e-mail as a QR code. `uuid` is the
 * visitor's journey session, the one the eSIM upstream files the purchase under.
 */
export const esimSale = saleBase.extend({
  kind: z.literal("esim"),
  imei: z.string().regex(/^\d{13,17}$/),
  /** 'Soy usuario Bait': a replacement eSIM ('reemplazo'), else a new line ('nuevo'). */
  isBaitUser: z.boolean(),
  /** The portability flow: the visitor brings a number from another operator. */
  portability: z.boolean(),
});
export type EsimSale = z.infer<typeof esimSale>;

/**
 * A recurring recharge (docs/customer.md): a recharge paid now whose charge asks the upstream to
 * repeat it (`recurrente`); `replaces` names the recurrence whose card it takes over (the update
 * modal), cancelled once this one is paid.
 */
export const recurringSale = rechargeSale.extend({
  kind: z.literal("recurring"),
  replaces: z.string().min(1).optional(),
});
export type RecurringSale = z.infer<typeof recurringSale>;

/**
 * Whatever waits for the checkout in the session (key `sale`); the checkout reads only the common
 * fields and `kind`.
 */
export const checkoutSale = z.discriminatedUnion("kind", [rechargeSale, simSale, esimSale, recurringSale]);
export type CheckoutSale = z.infer<typeof checkoutSale>;
export const SALE_SESSION_KEY = "sale";
