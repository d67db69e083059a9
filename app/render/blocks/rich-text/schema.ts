import * as z from "zod";
import { heading, richNode } from "#schemas/config/blocks";

export const richTextBlock = z.object({
  type: z.literal("richText"),
  heading,
  content: z.array(richNode).min(1),
});
export type RichTextBlockConfig = z.infer<typeof richTextBlock>;
