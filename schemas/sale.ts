import * as z from "zod";

/**
 * A sale ready for payment (SPEC §3 "Extra"): what the recharge hand-over passes to the checkout.
 * Kept in the signed session cookie between 'Siguiente' and the payment; it holds no card data.
 */
export const lineCategory = z.enum(["mbb", "hbb", "mifi"]);

export const campaign = z.object({
  source: z.string().optional(),
  medium: z.string().optional(),
  campaign: z.string().optional(),
  content: z.string().optional(),
});

export const rechargeSale = z.object({
  kind: z.literal("recharge"),
  uuid: z.uuid(),
  offerId: z.string().min(1),
  /** The offer's type code (SPEC §3). */
  type: z.number().int(),
  description: z.string().min(1),
  /** MXN. */
  price: z.number().nonnegative(),
  quantity: z.literal(1),
  total: z.number().nonnegative(),
  /** Validity in days. */
  validityDays: z.number().int().positive(),
  includeMessage: z.string(),
  /** The line recharged: Bait number, or the modem's service number. */
  lineNumber: z.string().regex(/^\d{10}$/),
  /** The phone typed in the form (the same as lineNumber except for types 3 and 8). */
  phone: z.string().regex(/^\d{10}$/),
  email: z.email(),
  whatsappOptIn: z.boolean(),
  /** referencia1 the offer, referencia2 the line, referencia3 the contact phone, referencia4 the line category (SPEC §9). */
  references: z.object({
    referencia1: z.string(),
    referencia2: z.string(),
    referencia3: z.string(),
    referencia4: lineCategory,
  }),
  campaign: campaign.optional(),
  /** Whether a customer was signed in (the spec's `logged`, 'Si' / 'No'). */
  loggedIn: z.boolean(),
  /** Where the visitor was: the close link of the checkout goes back there. */
  returnTo: z.string().startsWith("/"),
  createdAt: z.iso.datetime(),
});
export type RechargeSale = z.infer<typeof rechargeSale>;

/** The SIM's delivery address (SPEC §3 "SIM delivery"), with what the postal lookup derived. */
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
export const simSale = z.object({
  kind: z.literal("sim"),
  uuid: z.uuid(),
  offerId: z.string().min(1),
  type: z.number().int(),
  description: z.string().min(1),
  /** MXN, the offer alone. */
  price: z.number().nonnegative(),
  quantity: z.literal(1),
  /** MXN. */
  shippingCost: z.number().nonnegative(),
  /** price + shippingCost. */
  total: z.number().nonnegative(),
  validityDays: z.number().int().positive(),
  includeMessage: z.string(),
  /** The contact number the sale is filed under. */
  phone: z.string().regex(/^\d{10}$/),
  email: z.email(),
  delivery: simDelivery,
  campaign: campaign.optional(),
  loggedIn: z.boolean(),
  returnTo: z.string().startsWith("/"),
  createdAt: z.iso.datetime(),
});
export type SimSale = z.infer<typeof simSale>;

/**
 * Whatever waits for the checkout in the session (key `sale`). The eSIM and recurring-recharge
 * flows add their kinds here; the checkout reads only the common fields and `kind`.
 */
export const checkoutSale = z.discriminatedUnion("kind", [rechargeSale, simSale]);
export type CheckoutSale = z.infer<typeof checkoutSale>;
export const SALE_SESSION_KEY = "sale";
