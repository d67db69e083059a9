import * as z from "zod";
import { heading, offerCategory } from "#schemas/config/blocks";

export const offersBlock = z.object({
  type: z.literal("offers"),
  heading,
  intro: z.string().optional(),
  category: offerCategory,
  /** Show only the first N offers of the category (in config order). */
  limit: z.number().int().positive().optional(),
  /** Where the cards' button leads; {offerId} is replaced. Defaults to the recharge modal URL. */
  actionHref: z.string().optional(),
  actionLabel: z.string().optional(),
});
export type OffersBlockConfig = z.infer<typeof offersBlock>;
