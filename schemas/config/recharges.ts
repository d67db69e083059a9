import * as z from "zod";
import { localPath, nonEmpty } from "./common";
import { offerCategory } from "./blocks";

/** Offer type codes of the operator: 1 traditional … 99 store. */
export const offerType = z.literal([1, 2, 3, 4, 5, 6, 7, 8, 9, 99], {
  error: "el tipo de oferta debe ser 1, 2, 3, 4, 5, 6, 7, 8, 9 o 99",
});

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

export const rechargesConfig = z
  .object({
    categories: z.array(rechargeCategory).min(1),
    offers: z.array(rechargeOffer),
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
    });
  });
export type RechargesConfig = z.infer<typeof rechargesConfig>;
