import * as z from "zod";
import { tenDigits } from "./common.schemas";

/** Wire schemas of recurring recharges (/v2/servicio/…/recurrencia, /v2/service/recurrence/…). */

export const wireRecurrence = z.object({
  applicationDate: z.string(),
  associated: z.boolean(),
  duration: z.number(),
  offerId: z.string(),
  offeringID: z.string(),
  orderID: z.string(),
  price: z.number(),
  rechargeApplied: z.boolean(),
  rechargeName: z.string(),
  /** The recurrence's id, used by the /v2/service/recurrence/{recurrence} calls. */
  recurrence: z.string().min(1),
  status: z.string(),
  type: z.number().int(),
  uuid: z.string(),
  validity: z.string(),
  email: z.string(),
  name: z.string(),
  baitNumber: z.string(),
});
export const activeRecurrencesRequest = z.object({ baitNumber: tenDigits.optional(), serviceNumber: tenDigits.optional(), email: z.string().optional() });
export const activeRecurrencesResponse = z.object({ success: z.boolean(), mensaje: z.string().nullish(), recurrencias: z.array(wireRecurrence).default([]) });

export const wireRecurringCharge = z.object({
  dateCreated: z.string(),
  lastChargeDate: z.string().nullable(),
  nextChargeDate: z.string().nullable(),
  cancellationDate: z.string().nullable(),
  /** Cents. */
  amount: z.number(),
  uuid: z.string().min(1),
  /** The line number. */
  reference1: z.string(),
  /** The offer's id. */
  reference2: z.string(),
  /** The customer's e-mail. */
  reference3: z.string(),
  /** The line's category: mbb, hbb or mifi (docs/payment.md). */
  reference4: z.string(),
  cardLast: z.string(),
});
export const recurrenceSearchResponse = z.object({ success: z.boolean(), mensaje: z.string().nullish(), recurrencias: z.array(wireRecurringCharge).default([]) });
export const recurrenceAnswer = z.object({ success: z.boolean(), mensaje: z.string().nullish() });
export const deactivateRequest = z.object({ recurrencia: z.string().min(1) });
export const modifyRecurrenceRequest = z.object({
  fechaProxima: z.string(),
  referencia2: z.string(),
  referencia3: z.string(),
  referencia4: z.string(),
  /** Cents (price × 100), as are total and costo. */
  importe: z.number().int(),
  total: z.number().int(),
  costo: z.number().int(),
});
