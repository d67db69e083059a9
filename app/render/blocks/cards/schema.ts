import * as z from "zod";
import { link } from "#schemas/config/common";
import { heading, itemsOf, text } from "#schemas/config/blocks";

export const cardsBlock = z.object({
  type: z.literal("cards").meta({ description: "cards: tarjetas con ícono, título, texto y enlace." }),
  heading,
  intro: z.string().optional().meta({ description: "Texto de entrada bajo el título (opcional).", examples: ["Todo lo que necesitas en una sola línea."] }),
  items: itemsOf(
    z.object({
      icon: z
        .enum(["signal", "wallet", "globe", "sim", "esim", "wifi", "home", "phone", "shield", "chat", "map", "gift", "clock", "swap", "store", "briefcase"])
        .optional()
        .meta({ description: "El ícono de la tarjeta (opcional).", examples: ["signal"] }),
      title: text.meta({ description: "El título de la tarjeta.", examples: ["Cobertura nacional"] }),
      text: text.meta({ description: "El texto de la tarjeta; puede llevar enlaces [texto](/ruta).", examples: ["Navega en todo México con la red 4.5G."] }),
      link: link.optional().meta({ description: "Un enlace al pie de la tarjeta (opcional)." }),
    }),
    1,
    "Las tarjetas, en orden.",
  ),
});
export type CardsBlockConfig = z.infer<typeof cardsBlock>;
