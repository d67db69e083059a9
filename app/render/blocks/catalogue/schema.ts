import * as z from "zod";
import { heading, offerCategory } from "#schemas/config/blocks";

/** The offers by category, one tab per category; `?section=<category>` selects the tab (docs/config.md). */
export const catalogueBlock = z.object({
  type: z.literal("catalogue").meta({ description: "catalogue: las ofertas por categoría, en pestañas (?section=<categoría>)." }),
  heading,
  intro: z.string().optional().meta({ description: "Texto de entrada bajo el título (opcional).", examples: ["Elige la recarga que más te convenga."] }),
  /** The tabs, in order; the first is selected when the URL names none. */
  categories: z
    .array(offerCategory)
    .min(1, "el catálogo necesita al menos una categoría")
    .superRefine((categories, ctx) => {
      categories.forEach((category, index) => {
        if (categories.indexOf(category) !== index) ctx.addIssue({ code: "custom", path: [index], message: `la categoría «${category}» está repetida` });
      });
    })
    .meta({ description: "Las pestañas, en orden, sin repetir; la primera se abre si la dirección no elige otra.", examples: [["traditionals", "packages", "internationals"]] }),
});
export type CatalogueBlockConfig = z.infer<typeof catalogueBlock>;
