import * as z from "zod";
import { heading, offerCategory, type OfferCategory } from "#schemas/config/blocks";

const kindCategories = (fallback: OfferCategory) => z.array(offerCategory).min(1).default([fallback]);

/**
 * Number first (docs/recharge.md, docs/config.md): a field for the number to recharge; the
 * server answers `?numero=` with the offers of that line's kind, or why it cannot be recharged.
 */
export const rechargeByNumberBlock = z.object({
  type: z.literal("rechargeByNumber"),
  /** Defaults to '¿Qué número quieres recargar?'. */
  heading,
  /** The categories each kind of line is offered, in order: mobile, home internet, portable internet. */
  categories: z.object({ mbb: kindCategories("traditionals"), hbb: kindCategories("hbb"), mifi: kindCategories("mifi") }).strict().prefault({}),
  /** Add the associates' offers for a mobile line the associates' check accepts. */
  associates: z.boolean().default(true),
});
export type RechargeByNumberBlockConfig = z.infer<typeof rechargeByNumberBlock>;
