import * as z from "zod";
import { link } from "#schemas/config/common";
import { heading, text } from "#schemas/config/blocks";

export const cardsBlock = z.object({
  type: z.literal("cards"),
  heading,
  intro: z.string().optional(),
  items: z
    .array(
      z.object({
        icon: z.enum(["signal", "wallet", "globe", "sim", "esim", "wifi", "home", "phone", "shield", "chat", "map", "gift", "clock", "swap", "store", "briefcase"]).optional(),
        title: text,
        text: text,
        link: link.optional(),
      }),
    )
    .min(1),
});
export type CardsBlockConfig = z.infer<typeof cardsBlock>;
