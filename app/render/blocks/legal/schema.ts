import * as z from "zod";
import { heading, richNode, text } from "#schemas/config/blocks";

export const legalBlock = z.object({
  type: z.literal("legal"),
  heading,
  updated: z.iso.date({ error: "debe ser una fecha AAAA-MM-DD" }),
  sections: z.array(z.object({ title: text, content: z.array(richNode).min(1) })).min(1),
});
export type LegalBlockConfig = z.infer<typeof legalBlock>;
