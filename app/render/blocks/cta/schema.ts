import * as z from "zod";
import { actionLink, text } from "#schemas/config/blocks";

export const ctaBlock = z.object({
  type: z.literal("cta").meta({ description: "cta: llamado a la acción con título, texto y botones." }),
  title: text.meta({ description: "El título del llamado a la acción.", examples: ["¿Listo para cambiarte?"] }),
  text: z.string().optional().meta({ description: "Texto bajo el título (opcional).", examples: ["Conserva tu número y recibe tu chip en casa."] }),
  actions: z.array(actionLink).min(1).max(3).meta({ description: "De uno a tres botones." }),
});
export type CtaBlockConfig = z.infer<typeof ctaBlock>;
