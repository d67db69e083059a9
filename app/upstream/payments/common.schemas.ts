import * as z from "zod";

/** Wire pieces every call group of the payments upstream shares. */

export const tenDigits = z.string().regex(/^\d{10}$/);
export const errorBody = z.object({ mensaje: z.string().optional(), message: z.string().optional() });

export const paymentChannel = z.enum(["general", "associates", "captacion", "esim"]);
export type PaymentChannel = z.infer<typeof paymentChannel>;
