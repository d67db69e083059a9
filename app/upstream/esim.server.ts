import * as z from "zod";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { offersResponse } from "./conn/offers.schemas";
import { toOffer, type UpstreamOffer } from "./conn/offers.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";

/**
 * The eSIM upstream (docs/upstream.md, spec §4, §7): eSIM offers, the journey session and its tracking, the
 * visitor record, the sale checks and the secure payment data of an eSIM purchase.
 *
 * Results: `ok: true` with an English domain type when the flow may go on; `ok: false` with a
 * catalogue key when it must stop. A business refusal (`success: false`, or check-sale's
 * `success: true` = "already sold") is `kind: "http"` with the answer's status (200) and the
 * upstream's `mensaje` in `upstreamMessage`. A malformed answer or a 5xx becomes the call's own
 * docs/upstream.md message; a timeout or a network error keeps errors:upstream.timeout / .network.
 * Tracking calls carry no splash (docs/upstream.md); that is the browser's concern, not this module's.
 */

const API = "/api/esim/v1/api";
const errorBody = z.object({ mensaje: z.string().optional(), message: z.string().optional() });

export const esimKeys = {
  offersFailed: "recharge:offers.error",
  sessionFailed: "esim:flow.sessionFailed",
  trackingFailed: "esim:flow.trackingFailed",
  saveFailed: "esim:flow.saveFailed",
  limitExceeded: "esim:flow.limitExceeded",
  saleFailed: "esim:flow.saleFailed",
  responseError: "esim:device.responseError",
  paymentUnavailable: "payment:payment.unavailable",
} as const;

function withCallKey<T>(result: UpstreamResult<T>, key: string): UpstreamResult<T> {
  if (result.ok) return result;
  const { error } = result;
  if (error.kind === "invalidResponse" || (error.kind === "http" && ((error.status ?? 0) >= 500 || error.status === 400 || error.status === 404))) {
    return { ok: false, error: new UpstreamError(error.call, error.kind, key, error.status, error.upstreamMessage) };
  }
  return result;
}

function refused(call: string, key: string, status: number, message?: string | null): { ok: false; error: UpstreamError } {
  logger("upstream").error({ call, status }, "rechazado");
  return { ok: false, error: new UpstreamError(call, "http", key, status, message ?? undefined) };
}

// ——— Offers ———

export type EsimOfferList = "recarga" | "venta";

/** GET /api/esim/v1/api/ofertas/{recarga|venta}/disponibles?rnd&appversion (same wire format as the conn offers). */
export async function getEsimOffers(list: EsimOfferList): Promise<UpstreamResult<UpstreamOffer[]>> {
  const call = `esim.offers.${list}`;
  const result = await upstreamFetch({
    call,
    upstream: "esim",
    path: `${API}/ofertas/${list}/disponibles`,
    // rnd defeats intermediate caches, as the upstream expects.
    query: { rnd: Math.random().toString(36).slice(2), appversion: env.appVersion },
    schema: offersResponse,
    errorSchema: errorBody,
  });
  if (!result.ok) return withCallKey(result, esimKeys.offersFailed);
  if (result.data.success === false) return refused(call, esimKeys.offersFailed, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: result.data.response.lista.map(toOffer) };
}

// ——— Journey session and tracking ———

export const sessionResponse = z.object({ success: z.boolean().optional(), uuid: z.string().min(1) });

/** GET /api/esim/v1/api/publico/asignarSesion: the journey's session uuid (the caller retries up to 3 times, docs/upstream.md). */
export async function assignEsimSession(): Promise<UpstreamResult<string>> {
  // The journey asks up to 3 times itself (spec §9): the client's own GET retry would make it 6.
  const result = await upstreamFetch({ call: "esim.assignSession", upstream: "esim", path: `${API}/publico/asignarSesion`, schema: sessionResponse, errorSchema: errorBody, attempts: 1 });
  if (!result.ok) return withCallKey(result, esimKeys.sessionFailed);
  if (result.data.success === false) return refused("esim.assignSession", esimKeys.sessionFailed, result.status);
  return { ok: true, status: result.status, data: result.data.uuid };
}

export const answer = z.object({ success: z.boolean(), mensaje: z.string().nullish(), message: z.string().nullish() });
export const trackStepRequest = z.object({ valor: z.string() });

/** Journey steps of docs/upstream.md (imeicompatible, bait, boton) and the field steps sent on blur. */
export type EsimStep = "imeicompatible" | "bait" | "boton" | "telefono" | "correo" | "imei" | (string & {});

/** POST /api/esim/v1/api/publico/tracking/{uuid}/{step} with { valor }. */
export async function trackEsimStep(uuid: string, step: EsimStep, value: string | boolean): Promise<UpstreamResult<null>> {
  const call = "esim.trackStep";
  const result = await upstreamFetch({
    call,
    upstream: "esim",
    method: "POST",
    path: `${API}/publico/tracking/${encodeURIComponent(uuid)}/${encodeURIComponent(step)}`,
    body: { valor: String(value) } satisfies z.infer<typeof trackStepRequest>,
    schema: answer,
    errorSchema: errorBody,
  });
  if (!result.ok) return withCallKey(result, esimKeys.trackingFailed);
  if (!result.data.success) return refused(call, esimKeys.trackingFailed, result.status, result.data.mensaje ?? result.data.message);
  return { ok: true, status: result.status, data: null };
}

export const allDataRequest = z.object({
  imei: z.string(),
  email: z.string(),
  numero: z.string(),
  oferta: z.string(),
  esBait: z.boolean(),
  procedePago: z.boolean(),
  portabilidad: z.boolean(),
});
export type EsimFlow = "esim" | "sim" | "portabilidad";
export type EsimJourneyData = { imei: string; email: string; contactNumber: string; offerId: string; isBait: boolean; proceedToPay: boolean; portability: boolean };

/** PATCH /api/esim/v1/api/publico/tracking/{uuid}/all-data?flow={type}. */
export async function saveEsimJourney(uuid: string, flow: EsimFlow, data: EsimJourneyData): Promise<UpstreamResult<null>> {
  const call = "esim.saveAllData";
  const result = await upstreamFetch({
    call,
    upstream: "esim",
    method: "PATCH",
    path: `${API}/publico/tracking/${encodeURIComponent(uuid)}/all-data`,
    query: { flow },
    body: {
      imei: data.imei,
      email: data.email,
      numero: data.contactNumber,
      oferta: data.offerId,
      esBait: data.isBait,
      procedePago: data.proceedToPay,
      portabilidad: data.portability,
    } satisfies z.infer<typeof allDataRequest>,
    schema: answer,
    errorSchema: errorBody,
  });
  if (!result.ok) return withCallKey(result, esimKeys.saveFailed);
  if (!result.data.success) return refused(call, esimKeys.saveFailed, result.status, result.data.mensaje ?? result.data.message);
  return { ok: true, status: result.status, data: null };
}

// ——— Visitor ———

export const visitorResponse = z.object({
  success: z.boolean(),
  mensaje: z.string().nullish(),
  uuid: z.string().nullish(),
  contactNumber: z.string().nullish(),
  email: z.string().nullish(),
  imei: z.string().nullish(),
  offeringId: z.string().nullish(),
  isBait: z.boolean().nullish(),
});
export type EsimVisitor = { uuid: string; contactNumber: string | null; email: string | null; imei: string | null; offerId: string | null; isBait: boolean | null };

/** GET /api/esim/v1/api/publico/visitante/{uuid}/getInformation: what the journey captured, to prefill the purchase. */
export async function getEsimVisitor(uuid: string): Promise<UpstreamResult<EsimVisitor>> {
  const call = "esim.visitor";
  const result = await upstreamFetch({ call, upstream: "esim", path: `${API}/publico/visitante/${encodeURIComponent(uuid)}/getInformation`, schema: visitorResponse, errorSchema: errorBody });
  if (!result.ok) return withCallKey(result, esimKeys.sessionFailed);
  const visitor = result.data;
  if (!visitor.success) return refused(call, esimKeys.sessionFailed, result.status, visitor.mensaje);
  return {
    ok: true,
    status: result.status,
    data: {
      uuid: visitor.uuid ?? uuid,
      contactNumber: visitor.contactNumber ?? null,
      email: visitor.email ?? null,
      imei: visitor.imei ?? null,
      offerId: visitor.offeringId ?? null,
      isBait: visitor.isBait ?? null,
    },
  };
}

// ——— Sale checks ———

/** GET /api/esim/v1/api/public/visitor/{id}/check-sale: `success: true` means this visitor already bought; that stops the flow. */
export async function checkEsimSale(visitorId: string): Promise<UpstreamResult<{ alreadySold: false }>> {
  const call = "esim.checkSale";
  const result = await upstreamFetch({ call, upstream: "esim", path: `${API}/public/visitor/${encodeURIComponent(visitorId)}/check-sale`, schema: answer, errorSchema: errorBody });
  if (!result.ok) return withCallKey(result, esimKeys.saleFailed);
  if (result.data.success) return refused(call, esimKeys.saleFailed, result.status, result.data.mensaje ?? result.data.message);
  return { ok: true, status: result.status, data: { alreadySold: false } };
}

export const limitedSaleRequest = z.object({ email: z.email() });

/** POST /api/esim/v1/api/public/validate-limited-sale: refused when the e-mail has used up its eSIM purchases. */
export async function validateEsimPurchaseLimit(email: string): Promise<UpstreamResult<{ allowed: true }>> {
  const call = "esim.limitedSale";
  const result = await upstreamFetch({
    call,
    upstream: "esim",
    method: "POST",
    path: `${API}/public/validate-limited-sale`,
    body: { email } satisfies z.infer<typeof limitedSaleRequest>,
    schema: answer,
    errorSchema: errorBody,
  });
  if (!result.ok) return withCallKey(result, esimKeys.responseError);
  if (!result.data.success) return refused(call, esimKeys.limitExceeded, result.status, result.data.mensaje ?? result.data.message);
  return { ok: true, status: result.status, data: { allowed: true } };
}

// ——— Secure payment data of the purchase ———

export const payRequest = z.object({
  uuid: z.string().min(1),
  oferta: z.string().min(1),
  correo: z.email(),
  telefono: z.string().regex(/^\d{10}$/),
  /** 'reemplazo' for an existing Bait user, 'nuevo' otherwise (docs/upstream.md). */
  esBait: z.enum(["reemplazo", "nuevo"]),
});
export const payResponse = z.object({ success: z.boolean(), mensaje: z.string().nullish(), llavero: z.string().nullish(), ordCliente: z.string().nullish() });
export type EsimPurchase = { uuid: string; offerId: string; email: string; contactNumber: string; isBaitUser: boolean };
export type EsimPaymentData = { keychain: string; customerOrder: string };

/** POST /api/esim/v1/api/publico/pago: the keychain and customer order the payment plugin needs. Never retried. */
export async function requestEsimPayment(purchase: EsimPurchase): Promise<UpstreamResult<EsimPaymentData>> {
  const call = "esim.pay";
  const result = await upstreamFetch({
    call,
    upstream: "esim",
    method: "POST",
    path: `${API}/publico/pago`,
    body: {
      uuid: purchase.uuid,
      oferta: purchase.offerId,
      correo: purchase.email,
      telefono: purchase.contactNumber,
      esBait: purchase.isBaitUser ? "reemplazo" : "nuevo",
    } satisfies z.infer<typeof payRequest>,
    schema: payResponse,
    errorSchema: errorBody,
  });
  if (!result.ok) return withCallKey(result, esimKeys.paymentUnavailable);
  const { success, llavero, ordCliente, mensaje } = result.data;
  if (!success || !llavero || !ordCliente) return refused(call, esimKeys.paymentUnavailable, result.status, mensaje);
  return { ok: true, status: result.status, data: { keychain: llavero, customerOrder: ordCliente } };
}
