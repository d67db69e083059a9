import * as z from "zod";
import { link, nonEmpty } from "./common";

/**
 * Pieces the block schemas share; each block's own schema is in its folder of app/render/blocks.
 * Inline text in blocks may carry links written as [texto](/ruta) or [texto](https://…);
 * the renderer turns them into anchors and config:check verifies every local one.
 */
export const text = nonEmpty;

export const richNode = z.union([
  z.object({ p: text.meta({ description: "Un párrafo. Puede llevar enlaces como [texto](/ruta).", examples: ["Consulta los [términos](/terminos-y-condiciones) de tu recarga."] }) }).strict(),
  z.object({ h: text.meta({ description: "Un subtítulo dentro del texto.", examples: ["¿Cómo funciona?"] }) }).strict(),
  z.object({ ul: z.array(text).min(1).meta({ description: "Una lista con viñetas: un texto por punto.", examples: [["Llamadas ilimitadas", "SMS ilimitados"]] }) }).strict(),
  z.object({ ol: z.array(text).min(1).meta({ description: "Una lista numerada: un texto por paso.", examples: [["Elige tu recarga", "Paga con tarjeta"]] }) }).strict(),
]);
export type RichNode = z.infer<typeof richNode>;

export const heading = z.string().trim().min(1).optional().meta({ description: "Título de la sección (opcional).", examples: ["Recargas más populares"] });

/** A block's list of items (questions, steps, cards…): at least `min` of them, in order. */
export const itemsOf = <Item extends z.ZodType>(item: Item, min: number, description: string) => z.array(item).min(min).meta({ description });

/** A button of a hero or a call to action. */
export const actionLink = link.extend({
  variant: z.enum(["primary", "secondary"]).default("primary").meta({ description: "Estilo del botón: primary (el principal, relleno) o secondary (con borde).", examples: ["primary"] }),
});

export const offerCategory = z
  .enum(["traditionals", "mifi", "hbb", "packages", "internationals", "business", "associates", "sim", "e-sim"])
  .meta({
    description:
      "Categoría de ofertas: traditionals (recargas), mifi (internet portátil), hbb (internet en casa), packages (paquetes), internationals (internacionales), business (empresas), associates (asociados), sim o e-sim.",
    examples: ["traditionals"],
  });
export type OfferCategory = z.infer<typeof offerCategory>;
