import * as z from "zod";
import { heading, richNode, text } from "#schemas/config/blocks";

export const faqBlock = z.object({
  type: z.literal("faq").meta({ description: "faq: preguntas frecuentes que se abren y cierran." }),
  heading,
  items: z
    .array(
      z.object({
        question: text.meta({ description: "La pregunta.", examples: ["¿Cómo recargo mi línea?"] }),
        answer: z.array(richNode).min(1).meta({ description: "La respuesta: párrafos (p), subtítulos (h) y listas (ul, ol)." }),
      }),
    )
    .min(1)
    .meta({ description: "Las preguntas, en orden." }),
});
export type FaqBlockConfig = z.infer<typeof faqBlock>;
