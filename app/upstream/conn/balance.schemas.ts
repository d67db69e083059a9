import * as z from "zod";
import { amount, tenDigits } from "./common.schemas";

/** Wire schemas of the balance: POST /conn/page/api/app/consumoV3, POST /conn/page/api/sso/consumoSSO. */

export const wireBalanceItem = z.object({
  nombre: z.string(),
  mb_usados: amount.nullish(),
  mb_totales: amount.nullish(),
  mb_disponibles: amount.nullish(),
  min_disponibles: amount.nullish(),
  min_usados: amount.nullish(),
  sms_disponibles: amount.nullish(),
  sms_usados: amount.nullish(),
});

export const balanceResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  mensaje: z.string().optional(),
  consumo: z.array(wireBalanceItem).default([]),
  proxima_recarga: z.string().nullish(),
  comparteDatos: z.boolean().optional(),
  offeringsIds: z.array(z.object({ expireDate: z.string(), offeringId: z.string() })).default([]),
  esIlimitado: z.boolean().optional(),
});

export const consumoV3Request = z.object({ access: z.string().min(1) });
export const consumoSsoRequest = z.object({ numero: tenDigits });
