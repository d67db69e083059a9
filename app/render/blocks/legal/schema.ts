import * as z from "zod";
import { heading, itemsOf, richNode, text } from "#schemas/config/blocks";

export const legalBlock = z.object({
  type: z.literal("legal").meta({ description: "legal: un texto legal por secciones, con su fecha." }),
  heading,
  updated: z.iso.date({ error: "debe ser una fecha AAAA-MM-DD" }).meta({ description: "Fecha de la última actualización, AAAA-MM-DD.", examples: ["2026-01-15"] }),
  sections: itemsOf(
    z.object({
      title: text.meta({ description: "El título de la sección.", examples: ["Uso de la información"] }),
      content: z.array(richNode).min(1).meta({ description: "El texto de la sección: párrafos (p), subtítulos (h) y listas (ul, ol)." }),
    }),
    1,
    "Las secciones, en orden.",
  ),
});
export type LegalBlockConfig = z.infer<typeof legalBlock>;
