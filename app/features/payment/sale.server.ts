import { checkoutSale, SALE_SESSION_KEY, type CheckoutSale } from "#schemas/sale";
import { lineCategoryForType, profileForType } from "#schemas/forms/recharge";
import { getRecharges } from "~/lib/config/config.server";
import { formatMoney, formatPhone } from "~/lib/format";
import { getSession } from "~/lib/session.server";
import type { Sale, Shipping } from "~/upstream/payments/charge.server";
import type { PaymentChannel } from "~/upstream/payments/common.schemas";
import { translate } from "~/lib/i18n/i18n.server";
import { maskLine } from "~/features/request-link/urls";

/**
 * The sale waiting for the checkout in the session (a recharge after 'Siguiente', a SIM after
 * its delivery form; the eSIM and recurring-recharge flows add theirs), and what the payments
 * upstream and the screens need of it.
 */
export async function pendingSale(request: Request): Promise<CheckoutSale | null> {
  const session = await getSession(request);
  const parsed = checkoutSale.safeParse(session.get(SALE_SESSION_KEY));
  return parsed.success ? parsed.data : null;
}

/** docs/payment.md payment channels: associates' recharges (type 4), SIM sales (captacion), eSIMs (esim), the rest general. */
export function channelOf(sale: CheckoutSale): PaymentChannel {
  if (sale.kind === "sim") return "captacion";
  if (sale.kind === "esim") return "esim";
  return sale.type === 4 ? "associates" : "general";
}

/** The shipping cost the plugin adds to the price (docs/payment.md "shipping cost added to price"). */
export const shippingCostOf = (sale: CheckoutSale) => (sale.kind === "sim" ? sale.shippingCost : 0);

/** The sale as the payments upstream files it (docs/payment.md "Extra"). */
export function upstreamSale(sale: CheckoutSale): Sale {
  const common = {
    uuid: sale.uuid,
    price: sale.price,
    total: sale.total,
    validity: translate("recharge:modal.days", { count: sale.validityDays }),
    phone: sale.phone,
    email: sale.email,
    description: sale.description,
    loggedIn: sale.loggedIn,
    offerId: sale.offerId,
    ...(sale.campaign ? { campaign: sale.campaign } : {}),
  };
  if (sale.kind === "sim") return { ...common, name: `${sale.delivery.contactName} ${sale.delivery.contactLastName}` };
  if (sale.kind === "esim") return { ...common, name: "" };
  return { ...common, name: "", lineCategory: lineCategoryForType(sale.type) };
}

/** The SIM's delivery as the payments upstream's `info` (docs/payment.md "Envio"). */
export function upstreamShipping(sale: CheckoutSale): Shipping | undefined {
  if (sale.kind !== "sim") return undefined;
  const { delivery } = sale;
  return {
    contactName: delivery.contactName,
    contactLastName: delivery.contactLastName,
    phone: delivery.contactNumber,
    email: delivery.email,
    street: delivery.address,
    exteriorNumber: delivery.exteriorNumber,
    ...(delivery.interiorNumber ? { interiorNumber: delivery.interiorNumber } : {}),
    city: delivery.city,
    postalCode: delivery.postalCode,
    colonia: delivery.colony,
    municipality: delivery.municipality,
    state: delivery.state,
    country: delivery.country,
    cost: sale.shippingCost,
  };
}

/** One line of the delivery address, as Mexican addresses are written. */
export function deliveryAddress(sale: Extract<CheckoutSale, { kind: "sim" }>): string {
  const { delivery } = sale;
  const interior = delivery.interiorNumber ? ` ${translate("payment:checkout.interior", { number: delivery.interiorNumber })}` : "";
  return `${delivery.address} ${delivery.exteriorNumber}${interior}, ${translate("payment:checkout.colony", { name: delivery.colony })}, C.P. ${delivery.postalCode}, ${delivery.municipality}, ${delivery.state}`;
}

export type SaleLine = { label: string; value: string };

/**
 * A number of the sale as its pages show it: formatted, or masked as the request link masks it
 * ("(55) •• •• 56 78") when the sale is a payer's of someone else's line (`masked`).
 */
export const shownNumber = (sale: CheckoutSale, digits: string) => ((sale.kind === "recharge" || sale.kind === "recurring") && sale.masked ? maskLine(digits) : formatPhone(digits));

/** What the checkout and the confirmation call the sale. */
export const kindLabel = (kind: CheckoutSale["kind"]) =>
  translate(kind === "sim" ? "payment:checkout.kindSim" : kind === "esim" ? "esim:receipt.kind" : kind === "recurring" ? "payment:checkout.kindRecurring" : "payment:checkout.kindRecharge");

/** What the checkout and the confirmation show of a sale, formatted on the server. */
export function saleView(sale: CheckoutSale) {
  const offer = getRecharges().offers.find((candidate) => candidate.offerId === sale.offerId);
  const lines: SaleLine[] = [];
  if (sale.kind === "recharge" || sale.kind === "recurring") {
    const isService = profileForType(sale.type) !== "mbb";
    lines.push({ label: translate(isService ? "payment:checkout.serviceNumber" : "payment:checkout.number"), value: shownNumber(sale, sale.lineNumber) });
    if (sale.phone !== sale.lineNumber) lines.push({ label: translate("payment:checkout.contactPhone"), value: shownNumber(sale, sale.phone) });
  } else if (sale.kind === "esim") {
    lines.push({ label: translate("payment:checkout.contactPhone"), value: formatPhone(sale.phone) });
    lines.push({ label: translate("esim:receipt.imei"), value: sale.imei });
    lines.push({ label: translate("esim:receipt.esimKind"), value: translate(sale.portability ? "esim:receipt.portability" : sale.isBaitUser ? "esim:receipt.replacement" : "esim:receipt.newLine") });
  } else {
    lines.push({ label: translate("payment:checkout.recipient"), value: `${sale.delivery.contactName} ${sale.delivery.contactLastName}` });
    lines.push({ label: translate("payment:checkout.contactPhone"), value: formatPhone(sale.phone) });
    lines.push({ label: translate("payment:checkout.deliveryAddress"), value: deliveryAddress(sale) });
  }
  lines.push({ label: translate("payment:checkout.email"), value: sale.email });
  lines.push({ label: translate("payment:checkout.validity"), value: translate("recharge:modal.days", { count: sale.validityDays }) });
  const shipping = shippingCostOf(sale);
  return {
    kind: sale.kind,
    uuid: sale.uuid,
    offerId: sale.offerId,
    title: kindLabel(sale.kind),
    description: sale.description,
    includeMessage: sale.includeMessage,
    image: offer ? { desktop: offer.imageDesktop, mobile: offer.imageMobile } : null,
    lines,
    priceText: formatMoney(sale.price),
    shippingText: sale.kind === "sim" ? (shipping > 0 ? formatMoney(shipping) : translate("payment:checkout.freeShipping")) : null,
    totalText: formatMoney(sale.total),
  };
}
export type SaleView = ReturnType<typeof saleView>;
