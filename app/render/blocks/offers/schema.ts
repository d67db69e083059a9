import * as z from "zod";
import { heading, offerCategory } from "#schemas/config/blocks";

export const offersBlock = z.object({
  type: z.literal("offers").meta({ description: "offers: las tarjetas de ofertas de una categoría." }),
  heading,
  intro: z.string().optional().meta({ description: "Texto de entrada bajo el título (opcional).", examples: ["Recargas con datos, llamadas y SMS."] }),
  category: offerCategory,
  /** Show only the first N offers of the category (in config order). */
  limit: z.number().int().positive().optional().meta({ description: "Muestra solo las primeras N ofertas de la categoría (opcional).", examples: [3] }),
  /** Where the cards' button leads; {offerId} is replaced. Defaults to the recharge modal URL. */
  actionHref: z
    .string()
    .optional()
    .meta({ description: "A dónde lleva el botón de cada tarjeta; {offerId} se reemplaza. Por omisión, el modal de recarga.", examples: ["/recargas?modal=recarga&oferta={offerId}"] }),
  actionLabel: z.string().optional().meta({ description: "El texto del botón de cada tarjeta (opcional).", examples: ["Recargar"] }),
});
export type OffersBlockConfig = z.infer<typeof offersBlock>;
