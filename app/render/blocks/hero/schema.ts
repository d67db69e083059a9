import * as z from "zod";
import { image } from "#schemas/config/common";
import { actionLink, text } from "#schemas/config/blocks";

export const heroBlock = z.object({
  type: z.literal("hero").meta({ description: "hero: portada con título, texto, imagen y hasta dos botones." }),
  eyebrow: z.string().optional().meta({ description: "Texto corto sobre el título (opcional).", examples: ["Nuevo"] }),
  title: text.meta({ description: "El título de la portada.", examples: ["Recarga y sigue conectado"] }),
  text: z.string().optional().meta({ description: "Texto bajo el título (opcional).", examples: ["Recargas desde $50 con redes sociales ilimitadas."] }),
  image: image.optional().meta({ description: "La imagen de la portada (opcional)." }),
  actions: z.array(actionLink).max(2).default([]).meta({ description: "Hasta dos botones." }),
});
export type HeroBlockConfig = z.infer<typeof heroBlock>;
