import * as z from "zod";
import { actionLink, text } from "#schemas/config/blocks";

export const ctaBlock = z.object({
  type: z.literal("cta"),
  title: text,
  text: z.string().optional(),
  actions: z.array(actionLink).min(1).max(3),
});
export type CtaBlockConfig = z.infer<typeof ctaBlock>;
