import * as z from "zod";
import { image } from "#schemas/config/common";
import { actionLink, text } from "#schemas/config/blocks";

export const heroBlock = z.object({
  type: z.literal("hero"),
  eyebrow: z.string().optional(),
  title: text,
  text: z.string().optional(),
  image: image.optional(),
  actions: z.array(actionLink).max(2).default([]),
});
export type HeroBlockConfig = z.infer<typeof heroBlock>;
