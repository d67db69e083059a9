import type * as z from "zod";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody } from "./common.schemas";
import {
  activeRecurrencesResponse,
  recurrenceAnswer,
  recurrenceSearchResponse,
  type activeRecurrencesRequest,
  type deactivateRequest,
  type modifyRecurrenceRequest,
  type wireRecurringCharge,
} from "./recurrence.schemas";
import { paymentKeys, refused, withCallKey } from "./results.server";
import type { LineProfile } from "#schemas/line";

/** Recurring recharges on the payments upstream: list, search, switch on and off, modify, cancel. */

/** A recurrence the upstream does not know, or a request it refuses, is the recurrence's own failure. */
const recurrenceMessages = { 400: paymentKeys.recurringFailed, 404: paymentKeys.recurringFailed };

export type Recurrence = {
  id: string;
  uuid: string;
  offerId: string;
  offeringId: string;
  orderId: string;
  rechargeName: string;
  price: number;
  duration: number;
  validity: string;
  type: number;
  status: string;
  associated: boolean;
  applicationDate: string;
  rechargeApplied: boolean;
  email: string;
  name: string;
  baitNumber: string;
};
export type RecurringCharge = {
  id: string;
  createdAt: string;
  lastChargeAt: string | null;
  nextChargeAt: string | null;
  cancelledAt: string | null;
  /** MXN (the wire sends cents). */
  amount: number;
  number: string;
  offerId: string;
  email: string;
  lineCategory: string;
  cardLast: string;
};

const toRecurringCharge = (record: z.infer<typeof wireRecurringCharge>): RecurringCharge => ({
  id: record.uuid,
  createdAt: record.dateCreated,
  lastChargeAt: record.lastChargeDate,
  nextChargeAt: record.nextChargeDate,
  cancelledAt: record.cancellationDate,
  amount: Math.round(record.amount) / 100,
  number: record.reference1,
  offerId: record.reference2,
  email: record.reference3,
  lineCategory: record.reference4,
  cardLast: record.cardLast,
});

/** POST /v2/servicio/{uuid}/recurrencia/activas: the line's active recurrences. `uuid` is the caller's session/visitor uuid. */
export async function listActiveRecurrences(uuid: string, line: { baitNumber?: string; serviceNumber?: string; email?: string }): Promise<UpstreamResult<Recurrence[]>> {
  const call = "payments.activeRecurrences";
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "POST",
    path: `/v2/servicio/${encodeURIComponent(uuid)}/recurrencia/activas`,
    body: line satisfies z.infer<typeof activeRecurrencesRequest>,
    schema: activeRecurrencesResponse,
    errorSchema: errorBody,
    messages: recurrenceMessages,
  });
  if (!result.ok) return withCallKey(result, paymentKeys.recurringFailed);
  if (!result.data.success) return refused(call, paymentKeys.recurringFailed, result.status, result.data.mensaje);
  return {
    ok: true,
    status: result.status,
    data: result.data.recurrencias.map((item) => ({
      id: item.recurrence,
      uuid: item.uuid,
      offerId: item.offerId,
      offeringId: item.offeringID,
      orderId: item.orderID,
      rechargeName: item.rechargeName,
      price: item.price,
      duration: item.duration,
      validity: item.validity,
      type: item.type,
      status: item.status,
      associated: item.associated,
      applicationDate: item.applicationDate,
      rechargeApplied: item.rechargeApplied,
      email: item.email,
      name: item.name,
      baitNumber: item.baitNumber,
    })),
  };
}

async function recurrenceCommand(call: string, options: { method: "POST" | "PATCH" | "DELETE"; path: string; body?: unknown }): Promise<UpstreamResult<{ message: string | null }>> {
  const result = await upstreamFetch({ call, upstream: "payments", ...options, schema: recurrenceAnswer, errorSchema: errorBody, messages: recurrenceMessages });
  if (!result.ok) return withCallKey(result, paymentKeys.recurringFailed);
  if (!result.data.success) return refused(call, paymentKeys.recurringFailed, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: { message: result.data.mensaje ?? null } };
}

/** POST /v2/servicio/{uuid}/recurrencia/desactivar. */
export function deactivateRecurrence(uuid: string, recurrence: string) {
  return recurrenceCommand("payments.deactivateRecurrence", {
    method: "POST",
    path: `/v2/servicio/${encodeURIComponent(uuid)}/recurrencia/desactivar`,
    body: { recurrencia: recurrence } satisfies z.infer<typeof deactivateRequest>,
  });
}

export type RecurrenceOperation = "activate" | "deactivate";

/** PATCH /v2/service/recurrence/{recurrence}/{operation}/{reason}/{criterion}. */
export function setRecurrenceState(recurrence: string, operation: RecurrenceOperation, reason: string, criterion: string) {
  const segments = [recurrence, operation, reason, criterion].map(encodeURIComponent).join("/");
  return recurrenceCommand("payments.recurrenceState", { method: "PATCH", path: `/v2/service/recurrence/${segments}` });
}

export type RecurrenceCriterion = "telefono" | "correo" | "uuid";

/** GET /v2/service/store/{store}/recurrence/search/{criterion}?reference&restriction. */
export async function searchRecurrences(
  store: string,
  criterion: RecurrenceCriterion,
  reference: string,
  restriction: "activas" | "todas" = "activas",
): Promise<UpstreamResult<RecurringCharge[]>> {
  const call = "payments.searchRecurrences";
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    path: `/v2/service/store/${encodeURIComponent(store)}/recurrence/search/${criterion}`,
    query: { reference, restriction },
    schema: recurrenceSearchResponse,
    errorSchema: errorBody,
    messages: recurrenceMessages,
  });
  if (!result.ok) return withCallKey(result, paymentKeys.recurringFailed);
  if (!result.data.success) return refused(call, paymentKeys.recurringFailed, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: result.data.recurrencias.map(toRecurringCharge) };
}

export type RecurrenceChange = { nextChargeDate: string; offerId: string; email: string; lineCategory: LineProfile; price: number; total?: number; cost?: number };

/** PATCH /v2/service/recurrence/{recurrence}/modify; amounts go as cents (docs/payment.md). */
export function modifyRecurrence(recurrence: string, change: RecurrenceChange) {
  const cents = (pesos: number) => Math.round(pesos * 100);
  return recurrenceCommand("payments.modifyRecurrence", {
    method: "PATCH",
    path: `/v2/service/recurrence/${encodeURIComponent(recurrence)}/modify`,
    body: {
      fechaProxima: change.nextChargeDate,
      referencia2: change.offerId,
      referencia3: change.email,
      referencia4: change.lineCategory,
      importe: cents(change.price),
      total: cents(change.total ?? change.price),
      costo: cents(change.cost ?? change.price),
    } satisfies z.infer<typeof modifyRecurrenceRequest>,
  });
}

/** DELETE /v2/service/recurrence/{recurrence}/cancel. */
export function cancelRecurrence(recurrence: string) {
  return recurrenceCommand("payments.cancelRecurrence", { method: "DELETE", path: `/v2/service/recurrence/${encodeURIComponent(recurrence)}/cancel` });
}
