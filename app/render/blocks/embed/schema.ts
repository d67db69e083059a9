import * as z from "zod";
import { text } from "#schemas/config/blocks";

export const embedBlock = z.object({
  type: z.literal("embed"),
  /** An iframe of a sister site (the postpaid site); query parameters come from the page URL. */
  title: text,
  src: z.url({ protocol: /^https$/ }),
  /** Query parameters of the page URL forwarded to the frame. */
  forwardParams: z.array(z.string()).default([]),
  /**
   * A query parameter of the page URL whose value, when it is one of `values`, becomes the
   * frame's path (`?billPay=pagar-factura` → {src}/pagar-factura).
   */
  pathParam: z.object({ name: z.string().min(1), values: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1) }).optional(),
  minHeight: z.number().int().positive().default(700),
});
export type EmbedBlockConfig = z.infer<typeof embedBlock>;
