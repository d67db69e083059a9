import { randomUUID } from "node:crypto";
import { redirectDocument } from "@remix-run/node";
import type { CheckoutPost } from "#schemas/forms/card";
import { SECRET_FIELDS } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { commitSession, type getSession } from "~/lib/session.server";
import { createPaypalOrder } from "~/upstream/payments/paypal.server";
import { answer, errorMessage, settle, type ParsedPost, type PayContext } from "./outcome.server";
import { upstreamSale } from "./sale.server";
import { CHECKOUT_PATH } from "./urls";

/** Provider type 3: the consents, then PayPal's approval page; digital goods, no shipping. */
export async function startPaypal(request: Request, { submission, value }: ParsedPost<CheckoutPost<"paypal">>, context: Omit<PayContext, "paymentKey"> & { session: Awaited<ReturnType<typeof getSession>> }) {
  if (!value) return answer({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }), paypalForm: context.plugin.paypalBeside });
  const order = await createPaypalOrder({
    setup: context.setup,
    sale: upstreamSale(context.sale),
    returnUrl: CHECKOUT_PATH,
    cancelUrl: `${CHECKOUT_PATH}?paypal-cancelado=1`,
    idempotencyKey: `paypal-${context.sale.uuid}-${randomUUID()}`,
  });
  if (!order.ok) return answer({ message: errorMessage(order.error.upstreamMessage || translate(order.error.messageKey)) }, 502);
  context.session.set("paypal", { uuid: context.sale.uuid, orderId: order.data.orderId });
  // PayPal's page is not ours: a full page load, with or without JavaScript.
  return redirectDocument(order.data.approvalUrl, { status: 303, headers: { "Set-Cookie": await commitSession(context.session) } });
}

export async function confirmPaypal(request: Request, context: PayContext & { session: Awaited<ReturnType<typeof getSession>> }) {
  const order = context.session.get("paypal");
  if (!order || order.uuid !== context.sale.uuid) return answer({ message: errorMessage(translate("payment:checkout.paypalMissing")) });
  // PayPal knows its payer; the holder is only ours to give when a SIM's recipient is known.
  const holder = context.sale.kind === "sim" ? { firstName: context.sale.delivery.contactName, lastName: context.sale.delivery.contactLastName } : { firstName: "", lastName: "" };
  // PayPal's order is captured as provider type 3, also when it was offered beside the card provider.
  const setup = { ...context.setup, provider: { ...context.setup.provider, typeCode: 3 as const } };
  return settle(request, { ...context, setup }, { token: order.orderId, holder });
}
