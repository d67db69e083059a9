import * as z from "zod";
import { text } from "#schemas/config/blocks";

export const embedBlock = z.object({
  type: z.literal("embed").meta({ description: "embed: un sitio hermano dentro de la página (iframe)." }),
  /** An iframe of a sister site (the postpaid site); query parameters come from the page URL. */
  title: text.meta({ description: "El título del marco (lo anuncia el lector de pantalla).", examples: ["Pago de factura pospago"] }),
  src: z.url({ protocol: /^https$/ }).meta({ description: "La dirección https:// del sitio que se muestra.", examples: ["https://pospago.bait.mx"] }),
  /** Query parameters of the page URL forwarded to the frame. */
  forwardParams: z.array(z.string()).default([]).meta({ description: "Parámetros de la dirección de la página que se pasan al marco.", examples: [["numero"]] }),
  /**
   * A query parameter of the page URL whose value, when it is one of `values`, becomes the
   * frame's path (`?billPay=pagar-factura` → {src}/pagar-factura).
   */
  pathParam: z
    .object({
      name: z.string().min(1).meta({ description: "El parámetro de la dirección de la página.", examples: ["billPay"] }),
      values: z
        .array(z.string().regex(/^[a-z0-9-]+$/))
        .min(1)
        .meta({ description: "Los valores aceptados; cada uno se vuelve la ruta del marco.", examples: [["pagar-factura"]] }),
    })
    .optional()
    .meta({ description: "Un parámetro de la dirección cuyo valor se vuelve la ruta del marco (?billPay=pagar-factura → {src}/pagar-factura)." }),
  minHeight: z.number().int().positive().default(700).meta({ description: "Alto mínimo del marco en píxeles.", examples: [700] }),
});
export type EmbedBlockConfig = z.infer<typeof embedBlock>;
