import * as z from "zod";
import { localPath, nonEmpty } from "./common";
import { offerCategory } from "./blocks";
import { visibilityFields } from "./visibility";

/** Offer type codes of the operator: 1 traditional … 99 store. */
export const offerType = z.literal([1, 2, 3, 4, 5, 6, 7, 8, 9, 99], {
  error: "el tipo de oferta debe ser 1, 2, 3, 4, 5, 6, 7, 8, 9 o 99",
});

/**
 * The type codes each offer category may carry (spec §3; docs/config.md "recharges.json"): config:check
 * refuses an offer whose category and type disagree, since the type decides which lines may buy it,
 * whether its form asks a service number, the sale's referencia4 and which lines may make it recurring.
 * Store offers (99) are sold as traditional recharges.
 */
export const CATEGORY_TYPES = {
  traditionals: [1, 99],
  hbb: [2],
  mifi: [3],
  associates: [4],
  internationals: [5],
  packages: [6],
  sim: [7],
  "e-sim": [7],
  business: [8, 9],
} as const satisfies Record<z.infer<typeof offerCategory>, readonly number[]>;

export const rechargeOffer = z.object({
  offerId: z.string().regex(/^[A-Za-z0-9_-]+$/, "usa letras, números, guiones o guion bajo"),
  rechargeName: nonEmpty,
  category: offerCategory,
  type: offerType,
  /** Price in MXN (pesos, not cents). */
  price: z.number().positive().max(100000),
  /** Validity in days. */
  duration: z.number().int().positive(),
  mbNavigation: z.number().int().nonnegative(),
  mbSocialNetworks: z.number().int().nonnegative(),
  unlimitedSocial: z.boolean().default(false),
  includeMessage: nonEmpty,
  enjoyMessage: z.string().optional(),
  imageDesktop: localPath,
  imageMobile: localPath,
  highlighted: z.boolean().default(false),
  ...visibilityFields,
});
export type RechargeOffer = z.infer<typeof rechargeOffer>;

export const rechargeCategory = z.object({
  id: offerCategory,
  label: nonEmpty,
  description: nonEmpty,
  /** The page that lists this category on its own. */
  page: localPath.optional(),
});
export type RechargeCategory = z.infer<typeof rechargeCategory>;

/** A destination of the international packages and the offers that cover it (docs/recharge.md). */
export const destination = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones"),
  name: nonEmpty,
  offerIds: z.array(z.string()).min(1, "un destino necesita al menos una oferta"),
});
export type Destination = z.infer<typeof destination>;

/**
 * The recharge modal's settings (docs/recharge.md, spec §7 "captcha info"): whether the line form asks for a
 * captcha, and the provider's widget. The token it posts is sent with the line check.
 */
export const rechargeModalConfig = z.object({
  captcha: z
    .discriminatedUnion("enabled", [
      z.object({ enabled: z.literal(false) }),
      z.object({
        enabled: z.literal(true),
        /** The provider's public site key (the spec's `publico`). */
        siteKey: nonEmpty,
        /** The provider's widget script (the spec's `url`), loaded only when the modal is open. */
        scriptUrl: z.url({ protocol: /^https$/ }),
        /** The form field the widget fills with its token (reCAPTCHA: g-recaptcha-response). */
        tokenField: z.string().regex(/^[A-Za-z0-9_-]+$/).default("g-recaptcha-response"),
      }),
    ])
    .default({ enabled: false }),
  /** The fair-use policy the modal links to. */
  fairUsePath: localPath.default("/politica-de-uso-justo"),
});
export type RechargeModalConfig = z.infer<typeof rechargeModalConfig>;

/**
 * The checkout's settings (docs/recharge.md "payment plugin", spec §7 plugin): the store the payments upstream
 * files our sales under, and what shipping a SIM costs (added to the price the plugin is asked for).
 */
export const checkoutConfig = z.object({
  store: z.string().regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones").default("bait-web"),
  /** MXN added to a SIM's price for its delivery. */
  simShippingCost: z.number().nonnegative().default(0),
});
export type CheckoutConfig = z.infer<typeof checkoutConfig>;

export const rechargesConfig = z
  .object({
    modal: rechargeModalConfig.default({ captcha: { enabled: false }, fairUsePath: "/politica-de-uso-justo" }),
    checkout: checkoutConfig.default({ store: "bait-web", simShippingCost: 0 }),
    categories: z.array(rechargeCategory).min(1),
    offers: z.array(rechargeOffer),
    /** Where the international packages work: calls from Mexico to (insideMexico), and roaming in (outsideMexico). */
    international: z
      .object({
        insideMexico: z.array(destination),
        outsideMexico: z.array(destination),
      })
      .default({ insideMexico: [], outsideMexico: [] }),
    /** Offers a customer may schedule as a recurring recharge (the spec's recurring-recharges.json). */
    recurring: z.object({ offerIds: z.array(z.string()) }).default({ offerIds: [] }),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.offers.forEach((offer, index) => {
      if (seen.has(offer.offerId)) {
        ctx.addIssue({ code: "custom", path: ["offers", index, "offerId"], message: `el offerId «${offer.offerId}» está repetido` });
      }
      seen.add(offer.offerId);
      if (!config.categories.some((category) => category.id === offer.category)) {
        ctx.addIssue({ code: "custom", path: ["offers", index, "category"], message: `la categoría «${offer.category}» no está en categories` });
      }
      const types: readonly number[] = CATEGORY_TYPES[offer.category];
      if (!types.includes(offer.type)) {
        ctx.addIssue({
          code: "custom",
          path: ["offers", index, "type"],
          message: `el tipo ${offer.type} no corresponde a la categoría «${offer.category}» (usa ${types.join(" o ")})`,
        });
      }
    });
    const known = new Set(config.offers.map((offer) => offer.offerId));
    config.recurring.offerIds.forEach((offerId, index) => {
      if (!known.has(offerId)) ctx.addIssue({ code: "custom", path: ["recurring", "offerIds", index], message: `la oferta «${offerId}» no existe en offers` });
    });
    const international = new Set(config.offers.filter((offer) => offer.category === "internationals").map((offer) => offer.offerId));
    for (const list of ["insideMexico", "outsideMexico"] as const) {
      config.international[list].forEach((entry, index) => {
        entry.offerIds.forEach((offerId, offerIndex) => {
          if (!international.has(offerId)) {
            ctx.addIssue({
              code: "custom",
              path: ["international", list, index, "offerIds", offerIndex],
              message: `la oferta «${offerId}» no es una oferta internacional de offers`,
            });
          }
        });
      });
    }
  });
export type RechargesConfig = z.infer<typeof rechargesConfig>;
