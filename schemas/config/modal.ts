import * as z from "zod";
import { nonEmpty } from "./common";

/** Content of a URL-addressable modal (?modal=id), rendered with the same blocks as pages. */
export const modalDefinition = z.object({
  title: nonEmpty,
  blocks: z.array(z.looseObject({ type: z.string() })).min(1),
});
export type ModalDefinition = z.infer<typeof modalDefinition>;
