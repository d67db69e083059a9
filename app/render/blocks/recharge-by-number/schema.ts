import * as z from "zod";
import { heading, offerCategory, type OfferCategory } from "#schemas/config/blocks";

const kindCategories = (fallback: OfferCategory, line: string) =>
  z
    .array(offerCategory)
    .min(1)
    .default([fallback])
    .meta({ description: `Las categorías de recarga que se ofrecen a ${line}, en orden.`, examples: [[fallback]] });

/**
 * Number first (docs/recharge.md, docs/config.md): a field for the number to recharge; the
 * server answers `?numero=` with the offers of that line's kind, or why it cannot be recharged.
 */
export const rechargeByNumberBlock = z.object({
  type: z.literal("rechargeByNumber"),
  /** Defaults to '¿Qué número quieres recargar?'. */
  heading,
  /** The categories each kind of line is offered, in order: mobile, home internet, portable internet. */
  categories: z
    .object({ mbb: kindCategories("traditionals", "una línea móvil"), hbb: kindCategories("hbb", "un internet en casa"), mifi: kindCategories("mifi", "un internet portátil") })
    .strict()
    .prefault({})
    .meta({ description: "Qué categorías de recarga ve cada tipo de línea (móvil, internet en casa, internet portátil)." }),
  /** Add the associates' offers for a mobile line the associates' check accepts. */
  associates: z.boolean().default(true).meta({ description: "true: a una línea móvil que la revisión de asociados acepta se le ofrecen también las recargas de asociados.", examples: [true] }),
});
export type RechargeByNumberBlockConfig = z.infer<typeof rechargeByNumberBlock>;
