import * as z from "zod";
import { link, nonEmpty } from "./common";

/**
 * Pieces the block schemas share; each block's own schema is in its folder of app/render/blocks.
 * Inline text in blocks may carry links written as [texto](/ruta) or [texto](https://…);
 * the renderer turns them into anchors and config:check verifies every local one.
 */
export const text = nonEmpty;

export const richNode = z.union([
  z.object({ p: text }).strict(),
  z.object({ h: text }).strict(),
  z.object({ ul: z.array(text).min(1) }).strict(),
  z.object({ ol: z.array(text).min(1) }).strict(),
]);
export type RichNode = z.infer<typeof richNode>;

export const heading = z.string().trim().min(1).optional();

/** A button of a hero or a call to action. */
export const actionLink = link.extend({ variant: z.enum(["primary", "secondary"]).default("primary") });

export const offerCategory = z.enum(["traditionals", "mifi", "hbb", "packages", "internationals", "business", "associates", "sim", "e-sim"]);
export type OfferCategory = z.infer<typeof offerCategory>;
