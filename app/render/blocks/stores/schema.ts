import * as z from "zod";
import { href } from "#schemas/config/common";
import { heading, itemsOf, text } from "#schemas/config/blocks";

export const storesBlock = z.object({
  type: z.literal("stores").meta({ description: "stores: centros de atención y tiendas aliadas, con filtro." }),
  heading,
  intro: z.string().optional().meta({ description: "Texto de entrada bajo el título (opcional).", examples: ["Encuentra el centro de atención más cercano."] }),
  stores: itemsOf(
    z.object({
      name: text.meta({ description: "El nombre del lugar.", examples: ["Centro de atención Bait Centro"] }),
      kind: z.enum(["centro-de-atencion", "tienda-aliada"]).meta({ description: "centro-de-atencion o tienda-aliada.", examples: ["centro-de-atencion"] }),
      address: text.meta({ description: "Calle y número.", examples: ["Av. Juárez 10, Col. Centro"] }),
      city: text.meta({ description: "La ciudad.", examples: ["Ciudad de México"] }),
      state: text.meta({ description: "El estado.", examples: ["Ciudad de México"] }),
      postalCode: z.string().regex(/^\d{5}$/, "el código postal lleva 5 dígitos").meta({ description: "El código postal, 5 dígitos.", examples: ["06000"] }),
      hours: z.array(text).min(1).meta({ description: "Los horarios, una línea cada uno.", examples: [["Lunes a viernes de 9:00 a 18:00"]] }),
      phone: z.string().regex(/^\d{10}$/, "el teléfono lleva 10 dígitos").optional().meta({ description: "El teléfono, 10 dígitos (opcional).", examples: ["5512345678"] }),
      mapsUrl: href.optional().meta({ description: "Enlace al mapa (opcional).", examples: ["https://maps.google.com/?q=Bait+Centro"] }),
    }),
    1,
    "Los lugares, en orden.",
  ),
});
export type StoresBlockConfig = z.infer<typeof storesBlock>;
