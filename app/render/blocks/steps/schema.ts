import * as z from "zod";
import { heading, itemsOf, text } from "#schemas/config/blocks";

export const stepsBlock = z.object({
  type: z.literal("steps").meta({ description: "steps: pasos numerados (dos o más)." }),
  heading,
  items: itemsOf(
    z.object({
      title: text.meta({ description: "El título del paso.", examples: ["Elige tu recarga"] }),
      text: text.meta({ description: "Qué se hace en el paso.", examples: ["Escoge la oferta que más te convenga."] }),
    }),
    2,
    "Los pasos, en orden (al menos dos).",
  ),
});
export type StepsBlockConfig = z.infer<typeof stepsBlock>;
