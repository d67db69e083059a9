import * as z from "zod";
import { text } from "#schemas/config/blocks";

export const embedBlock = z.object({
  type: z.literal("embed"),
  /** An iframe of a sister site (the postpaid site); query parameters come from the page URL. */
  title: text,
  src: z.url({ protocol: /^https$/ }),
  /** Query parameters of the page URL forwarded to the frame. */
  forwardParams: z.array(z.string()).default([]),
  minHeight: z.number().int().positive().default(700),
});
export type EmbedBlockConfig = z.infer<typeof embedBlock>;
