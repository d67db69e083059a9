import * as z from "zod";
import { blockWithLinks } from "./block-links";
import { nonEmpty } from "./common";

/** Content of a URL-addressable modal (?modal=id), rendered with the same blocks as pages. */
export const modalDefinition = z.object({
  title: nonEmpty.meta({ description: "El título del modal.", examples: ["Política de cookies"] }),
  blocks: z
    .array(blockWithLinks)
    .min(1)
    .meta({ description: "El contenido del modal: los mismos bloques que una página (richText, legal…), en orden." }),
});
export type ModalDefinition = z.infer<typeof modalDefinition>;
