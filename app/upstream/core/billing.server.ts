import { upstreamFetch, type UpstreamResult } from "../http.server";
import { catalogueWire, registerBillWire, type BillingOption } from "./billing.schemas";
import { errorBody } from "./common.schemas";
import { ok, refuse } from "./results.server";

/**
 * Billing (CFDI) on the core upstream. The paths are ours (the spec names the calls, not their
 * paths): GET /api/core/billing/tax-regime-list | cfdi-usage-list | payment-method-list |
 * recharge-method-list, and POST /api/core/billing/register-bill. recharge-method-list is read as
 * the SAT "método de pago" catalogue (PUE / PPD), the one billing list the spec's names leave over
 * once regímenes, usos CFDI and formas de pago are taken.
 */

export const billingLists = {
  taxRegimes: "tax-regime-list",
  cfdiUses: "cfdi-usage-list",
  paymentForms: "payment-method-list",
  paymentMethods: "recharge-method-list",
} as const;
export type BillingList = keyof typeof billingLists;

/** GET /api/core/billing/{list}: a SAT catalogue for the invoice form. */
export function getBillingCatalogue(list: BillingList): Promise<UpstreamResult<BillingOption[]>> {
  return upstreamFetch({
    call: `core.billing.${list}`,
    upstream: "core",
    path: `/api/core/billing/${billingLists[list]}`,
    schema: catalogueWire,
    messages: { 500: "recharge:billing.catalogueError", 502: "recharge:billing.catalogueError" },
    errorSchema: errorBody,
  });
}

export type BillRequest = {
  number: string;
  orderId: string;
  rfc: string;
  businessName: string;
  postalCode: string;
  taxRegime: string;
  cfdiUse: string;
  paymentForm: string;
  paymentMethod: string;
  email: string;
};

/** POST /api/core/billing/register-bill: asks for the CFDI of a recharge; answers its folio. */
export async function registerBill(input: BillRequest): Promise<UpstreamResult<{ folio: string }>> {
  const call = "core.billing.registerBill";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/billing/register-bill",
    body: {
      dn: input.number,
      orderID: input.orderId,
      rfc: input.rfc,
      razonSocial: input.businessName,
      codigoPostal: input.postalCode,
      regimenFiscal: input.taxRegime,
      usoCfdi: input.cfdiUse,
      formaPago: input.paymentForm,
      metodoPago: input.paymentMethod,
      correo: input.email,
    },
    schema: registerBillWire,
    messages: { 400: "recharge:billing.invalid", 404: "recharge:billing.orderNotFound", 500: "recharge:billing.error", 502: "recharge:billing.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.success || !result.data.folio) return refuse(call, "recharge:billing.error", "refused", { upstreamMessage: result.data.message });
  return ok({ folio: result.data.folio }, result.status);
}
