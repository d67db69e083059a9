import * as z from "zod";
import { heading, text } from "#schemas/config/blocks";

export const stepsBlock = z.object({
  type: z.literal("steps"),
  heading,
  items: z.array(z.object({ title: text, text: text })).min(2),
});
export type StepsBlockConfig = z.infer<typeof stepsBlock>;
