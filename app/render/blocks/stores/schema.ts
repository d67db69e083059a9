import * as z from "zod";
import { href } from "#schemas/config/common";
import { heading, text } from "#schemas/config/blocks";

export const storesBlock = z.object({
  type: z.literal("stores"),
  heading,
  intro: z.string().optional(),
  stores: z
    .array(
      z.object({
        name: text,
        kind: z.enum(["centro-de-atencion", "tienda-aliada"]),
        address: text,
        city: text,
        state: text,
        postalCode: z.string().regex(/^\d{5}$/, "el código postal lleva 5 dígitos"),
        hours: z.array(text).min(1),
        phone: z.string().regex(/^\d{10}$/, "el teléfono lleva 10 dígitos").optional(),
        mapsUrl: href.optional(),
      }),
    )
    .min(1),
});
export type StoresBlockConfig = z.infer<typeof storesBlock>;
