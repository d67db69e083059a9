import { upstreamFetch, type UpstreamResult } from "../http.server";
import { IDEMPOTENCY_HEADER } from "./charge.schemas";
import { toSaleExtra, type Sale } from "./charge.server";
import { errorBody } from "./common.schemas";
import { paypalOrderResponse, type PaypalOrderRequest } from "./paypal.schemas";
import type { PluginSetup } from "./plugin.server";
import { invalid, paymentKeys, refused, unusable, withCallKey } from "./results.server";

/**
 * PayPal (provider type 3): POST …/3/orden creates an order, the buyer approves it at PayPal,
 * and the charge (/cobrar, charge.server.ts) with the order id as `token` captures it.
 */

export type PaypalOrderInput = {
  setup: Pick<PluginSetup, "client" | "provider" | "formOrigin">;
  sale: Sale;
  /** Where PayPal sends the browser after approval (`?paypal=<order id>` is appended). */
  returnUrl: string;
  /** Where PayPal sends the browser when the buyer cancels. */
  cancelUrl: string;
  idempotencyKey: string;
};
export type PaypalOrder = { orderId: string; approvalUrl: string };

/**
 * POST {payments}/servicio/angular/{channel}/3/orden: creates the PayPal order the buyer then
 * approves at `approvalUrl`; /cobrar with `token` = the order id captures it. Not retried (it
 * creates something); the idempotency key makes a repeat answer the same order.
 */
export async function createPaypalOrder(input: PaypalOrderInput): Promise<UpstreamResult<PaypalOrder>> {
  const call = "payments.paypalOrder";
  if (typeof input.idempotencyKey !== "string" || !input.idempotencyKey.trim()) return unusable(call, "falta la llave de idempotencia");
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "POST",
    path: `/servicio/angular/${input.setup.client.channel}/3/orden`,
    headers: { customer: input.setup.client.store, origin: input.setup.formOrigin, [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    body: {
      extra: toSaleExtra(input.sale),
      articulo: { tipo: "DIGITAL_GOODS" },
      envio: "NO_SHIPPING",
      retorno: input.returnUrl,
      cancelacion: input.cancelUrl,
    } satisfies PaypalOrderRequest,
    schema: paypalOrderResponse,
    errorSchema: errorBody,
    messages: { 400: paymentKeys.failed, 404: paymentKeys.failed, 409: paymentKeys.failed, 422: paymentKeys.failed },
  });
  if (!result.ok) return withCallKey(result, paymentKeys.failed);
  const { success, orden, aprobacion, mensaje } = result.data;
  if (!success) return refused(call, paymentKeys.failed, result.status, mensaje);
  if (!orden || !aprobacion) return invalid(call, paymentKeys.failed, "respuesta sin orden o sin dirección de aprobación", result.status);
  return { ok: true, status: result.status, data: { orderId: orden, approvalUrl: aprobacion } };
}
