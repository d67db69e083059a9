import * as z from "zod";
import { heading, richNode } from "#schemas/config/blocks";

export const richTextBlock = z.object({
  type: z.literal("richText").meta({ description: "richText: texto con párrafos, subtítulos y listas." }),
  heading,
  content: z.array(richNode).min(1).meta({ description: "El texto: párrafos (p), subtítulos (h) y listas (ul, ol), en orden." }),
});
export type RichTextBlockConfig = z.infer<typeof richTextBlock>;
