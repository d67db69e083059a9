import * as z from "zod";
import { heading, richNode, text } from "#schemas/config/blocks";

export const faqBlock = z.object({
  type: z.literal("faq"),
  heading,
  items: z.array(z.object({ question: text, answer: z.array(richNode).min(1) })).min(1),
});
export type FaqBlockConfig = z.infer<typeof faqBlock>;
