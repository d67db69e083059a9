import * as z from "zod";
import { heading } from "#schemas/config/blocks";

/** Where the international packages work (recharges.json `international`), with a search by destination. */
export const destinationsBlock = z.object({
  type: z.literal("destinations"),
  heading,
  intro: z.string().optional(),
});
export type DestinationsBlockConfig = z.infer<typeof destinationsBlock>;
