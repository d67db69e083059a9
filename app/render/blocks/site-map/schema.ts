import * as z from "zod";
import { heading } from "#schemas/config/blocks";

export const siteMapBlock = z.object({
  type: z.literal("siteMap").meta({ description: "siteMap: el mapa del sitio (de navigation en site.json)." }),
  heading,
  intro: z.string().optional().meta({ description: "Texto de entrada bajo el título (opcional).", examples: ["Todas las páginas de Bait."] }),
});
export type SiteMapBlockConfig = z.infer<typeof siteMapBlock>;
