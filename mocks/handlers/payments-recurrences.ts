import { http, HttpResponse, type RequestHandler } from "msw";
import type * as z from "zod";
import { activeRecurrencesRequest, deactivateRequest, modifyRecurrenceRequest, wireRecurrence, wireRecurringCharge } from "~/upstream/payments/recurrence.schemas";
import { offerById } from "../offers";
import { switched } from "../switches";
import { lineOf, world, type Recurrence } from "../world";
import { sales } from "../world-sales";
import { base, firstIssue, readJson, refuse } from "./payments-shared";

const lineCategory = (number: string) => lineOf(number)?.profile ?? "mbb";

const toWireRecurrence = (recurrence: Recurrence): z.infer<typeof wireRecurrence> => ({
  applicationDate: recurrence.applicationDate,
  associated: recurrence.type === 4,
  duration: recurrence.duration,
  offerId: recurrence.offerId,
  offeringID: recurrence.offeringID,
  orderID: `REC-${recurrence.uuid.slice(0, 8)}`,
  price: recurrence.price,
  rechargeApplied: true,
  rechargeName: recurrence.rechargeName,
  recurrence: recurrence.uuid,
  status: recurrence.status,
  type: recurrence.type,
  uuid: recurrence.uuid,
  validity: `${recurrence.duration} días`,
  email: recurrence.email,
  name: recurrence.name,
  baitNumber: recurrence.number,
});

const toWireRecurringCharge = (recurrence: Recurrence): z.infer<typeof wireRecurringCharge> => ({
  dateCreated: recurrence.applicationDate,
  lastChargeDate: recurrence.lastChargeDate,
  nextChargeDate: recurrence.status === "active" ? recurrence.nextChargeDate : null,
  cancellationDate: sales.cancellations.get(recurrence.uuid) ?? null,
  amount: Math.round(recurrence.price * 100),
  uuid: recurrence.uuid,
  reference1: recurrence.number,
  reference2: recurrence.offerId,
  reference3: recurrence.email,
  reference4: lineCategory(recurrence.number),
  cardLast: recurrence.cardLast,
});

/**
 * The recurring recharges' calls to the payments upstream (v2): list, deactivate, modify,
 * cancel, switch on and off, search. The recurrences live in the world; an approved charge with
 * `meta.recurrente` starts one (payments-checkout.ts).
 */
export const recurrences: RequestHandler[] = [
  http.post(`${base}/v2/servicio/:uuid/recurrencia/activas`, async ({ request }) => {
    const forced = await switched("payments.activeRecurrences");
    if (forced) return forced;
    const body = activeRecurrencesRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const number = body.data.serviceNumber ?? body.data.baitNumber;
    if (!number && !body.data.email) return refuse("Indica el número o el correo de la línea", 400);
    const found = [...world.recurrences.values()].filter(
      (recurrence) => recurrence.status === "active" && (number ? recurrence.number === number : recurrence.email === body.data.email),
    );
    return HttpResponse.json({ success: true, mensaje: null, recurrencias: found.map(toWireRecurrence) });
  }),

  http.post(`${base}/v2/servicio/:uuid/recurrencia/desactivar`, async ({ request }) => {
    const forced = await switched("payments.deactivateRecurrence");
    if (forced) return forced;
    const body = deactivateRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const recurrence = world.recurrences.get(body.data.recurrencia);
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    recurrence.status = "inactive";
    return HttpResponse.json({ success: true, mensaje: "Tu recarga recurrente quedó desactivada" });
  }),

  http.patch(`${base}/v2/service/recurrence/:recurrence/modify`, async ({ request, params }) => {
    const forced = await switched("payments.modifyRecurrence");
    if (forced) return forced;
    const recurrence = world.recurrences.get(String(params.recurrence));
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    const body = modifyRecurrenceRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const offer = offerById(body.data.referencia2);
    if (!offer) return refuse("La oferta indicada no existe");
    Object.assign(recurrence, {
      offerId: offer.offerId,
      offeringID: offer.offerId,
      rechargeName: offer.rechargeName,
      duration: offer.duration,
      type: offer.type,
      price: body.data.importe / 100,
      email: body.data.referencia3,
      nextChargeDate: body.data.fechaProxima,
    });
    return HttpResponse.json({ success: true, mensaje: "La nueva recarga recurrente quedó activa con cargo a tu tarjeta registrada" });
  }),

  http.delete(`${base}/v2/service/recurrence/:recurrence/cancel`, async ({ params }) => {
    const forced = await switched("payments.cancelRecurrence");
    if (forced) return forced;
    const recurrence = world.recurrences.get(String(params.recurrence));
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    recurrence.status = "cancelled";
    sales.cancellations.set(recurrence.uuid, new Date().toISOString());
    return HttpResponse.json({ success: true, mensaje: "Tu recarga recurrente fue cancelada" });
  }),

  http.patch(`${base}/v2/service/recurrence/:recurrence/:operation/:reason/:criterion`, async ({ params }) => {
    const forced = await switched("payments.recurrenceState");
    if (forced) return forced;
    const recurrence = world.recurrences.get(String(params.recurrence));
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    if (recurrence.status === "cancelled") return refuse("La recarga recurrente está cancelada; programa una nueva");
    const operation = String(params.operation);
    if (operation !== "activate" && operation !== "deactivate") return refuse(`Operación desconocida: ${operation}`, 400);
    recurrence.status = operation === "activate" ? "active" : "inactive";
    return HttpResponse.json({
      success: true,
      mensaje: operation === "activate" ? "La nueva recarga recurrente quedó activa con cargo a tu tarjeta registrada" : "Tu recarga recurrente quedó desactivada",
    });
  }),

  http.get(`${base}/v2/service/store/:store/recurrence/search/:criterion`, async ({ request, params }) => {
    const query = new URL(request.url).searchParams;
    const reference = query.get("reference") ?? "";
    const forced = await switched("payments.searchRecurrences", reference);
    if (forced) return forced;
    const onlyActive = (query.get("restriction") ?? "activas") === "activas";
    const criterion = String(params.criterion);
    const matches = (recurrence: Recurrence) =>
      criterion === "telefono" ? recurrence.number === reference : criterion === "correo" ? recurrence.email === reference : criterion === "uuid" ? recurrence.uuid === reference : false;
    if (!["telefono", "correo", "uuid"].includes(criterion)) return refuse(`Criterio desconocido: ${criterion}`, 400);
    const found = [...world.recurrences.values()].filter((recurrence) => matches(recurrence) && (!onlyActive || recurrence.status === "active"));
    return HttpResponse.json({ success: true, mensaje: null, recurrencias: found.map(toWireRecurringCharge) });
  }),
];
