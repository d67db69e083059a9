import * as z from "zod";
import { heading, offerCategory } from "#schemas/config/blocks";

/** The offers by category, one tab per category; `?section=<category>` selects the tab (docs/config.md). */
export const catalogueBlock = z.object({
  type: z.literal("catalogue"),
  heading,
  intro: z.string().optional(),
  /** The tabs, in order; the first is selected when the URL names none. */
  categories: z
    .array(offerCategory)
    .min(1, "el catálogo necesita al menos una categoría")
    .superRefine((categories, ctx) => {
      categories.forEach((category, index) => {
        if (categories.indexOf(category) !== index) ctx.addIssue({ code: "custom", path: [index], message: `la categoría «${category}» está repetida` });
      });
    }),
});
export type CatalogueBlockConfig = z.infer<typeof catalogueBlock>;
