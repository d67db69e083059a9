import * as z from "zod";
import { saleExtra } from "./charge.schemas";

/**
 * The PayPal order of a sale. PayPal only sells Bait's recharges and SIMs here as digital goods
 * without shipping (docs/payment.md: "PayPal item is digital goods without shipping"); the provider
 * refuses anything else. `retorno` and `cancelacion` are where PayPal sends the browser after
 * the buyer approves (with `?paypal=<order id>` appended) or cancels.
 */
export const paypalOrderRequest = z.object({
  extra: saleExtra,
  articulo: z.object({ tipo: z.literal("DIGITAL_GOODS") }),
  envio: z.literal("NO_SHIPPING"),
  retorno: z.string().min(1),
  cancelacion: z.string().min(1),
});
export type PaypalOrderRequest = z.infer<typeof paypalOrderRequest>;
export const paypalOrderResponse = z.object({
  success: z.boolean(),
  orden: z.string().min(1).nullish(),
  aprobacion: z.string().min(1).nullish(),
  mensaje: z.string().nullish(),
});
