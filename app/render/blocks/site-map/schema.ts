import * as z from "zod";
import { heading } from "#schemas/config/blocks";

export const siteMapBlock = z.object({
  type: z.literal("siteMap"),
  heading,
  intro: z.string().optional(),
});
export type SiteMapBlockConfig = z.infer<typeof siteMapBlock>;
