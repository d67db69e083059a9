import * as z from "zod";
import { envelopeSchema, sealedReplySchema } from "../crypto.server";
import { paymentChannel, tenDigits } from "./common.schemas";

/** Wire schemas of the plugin set-up: the host's key and the sealed plugin request and answer. */

export const hostKeyResponse = z.object({ success: z.boolean(), llave: z.string().includes("BEGIN PUBLIC KEY") });

/** The sealed JSON of the plugin request. */
export const pluginRequestPayload = z.object({
  tienda: z.string().min(1),
  canal: paymentChannel,
  telefono: tenDigits,
  /** MXN; for a SIM, the shipping cost is already added. */
  precio: z.number().nonnegative(),
  correo: z.email(),
});
export const pluginRequest = z.object({ data: envelopeSchema });
export const pluginResponse = z.object({ success: z.boolean(), informacion: sealedReplySchema.nullish(), mensaje: z.string().nullish() });

/** What `informacion` holds once opened. */
export const pluginInfo = z.object({
  cliente: z.object({ canal: paymentChannel, tienda: z.string().min(1) }),
  proveedor: z.object({
    /** 1 card form with postal-code lookup, 2 hosted card iframe with tokenisation, 3 PayPal. */
    tipo: z.literal([1, 2, 3]),
    api: z.string(),
    env: z.string(),
    publico: z.string().includes("BEGIN PUBLIC KEY"),
  }),
  form: z.object({ origen: z.string().min(1) }),
  /** The card form asks for the billing address (with the postal-code lookup). */
  direcciones: z.boolean(),
  config: z.object({
    info: z.object({
      apiCliente: z.string(),
      apiPage: z.string(),
      llavero: z.string(),
      /** A details step (1 of 2) before the summary. */
      detalle: z.boolean(),
      estilo: z
        .object({
          loader: z.object({ texto: z.string() }).optional(),
          boton: z.object({ fuente: z.string(), fondo: z.string(), color: z.string(), texto: z.string(), bordeRadius: z.string() }).partial().optional(),
        })
        .optional(),
      legales: z.array(z.object({ tipo: z.literal([1, 2]), texto: z.string() })),
    }),
    data: z.object({ precio: z.number(), envio: z.number(), total: z.number() }),
  }),
});
export type PluginInfo = z.infer<typeof pluginInfo>;
