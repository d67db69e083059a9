import * as z from "zod";
import { heading, itemsOf, richNode, text } from "#schemas/config/blocks";

export const faqBlock = z.object({
  type: z.literal("faq").meta({ description: "faq: preguntas frecuentes que se abren y cierran." }),
  heading,
  items: itemsOf(
    z.object({
      question: text.meta({ description: "La pregunta.", examples: ["¿Cómo recargo mi línea?"] }),
      answer: z.array(richNode).min(1).meta({ description: "La respuesta: párrafos (p), subtítulos (h) y listas (ul, ol)." }),
    }),
    1,
    "Las preguntas, en orden.",
  ),
});
export type FaqBlockConfig = z.infer<typeof faqBlock>;
