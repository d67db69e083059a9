import * as z from "zod";
import type { CheckoutSale } from "#schemas/sale";
import { formatMoney } from "~/lib/format";
import { drawQr } from "~/lib/qr.server";
import { getSession } from "~/lib/session.server";
import { deliveryAddress, kindLabel, saleView, shownNumber } from "./sale.server";
import { translate } from "~/lib/i18n/i18n.server";

/**
 * The confirmation after a payment (docs/payment.md "success … shows confirmation", spec §8 'Felicidades, se
 * ha completado tu pago.'): what was bought, for which line or address, and the order. Kept in
 * the session until the next sale, so a reload shows it again; no card data in it.
 */
export const RECEIPT_PATH = "/pago/completado";

export const receipt = z.object({
  kind: z.enum(["recharge", "sim", "esim", "recurring"]),
  orderId: z.string().nullable(),
  description: z.string(),
  includeMessage: z.string(),
  totalText: z.string(),
  email: z.string(),
  /** The line recharged, formatted (recharges); masked for a request link's payer. */
  number: z.string().nullable(),
  /** Where the SIM goes (SIM sales). */
  delivery: z.string().nullable(),
  lines: z.array(z.object({ label: z.string(), value: z.string() })),
  /** An eSIM's activation code, when the upstream sent it: the confirmation draws it as a QR. */
  activationCode: z.string().nullish(),
  paidAt: z.iso.datetime(),
});
export type Receipt = z.infer<typeof receipt>;

export function receiptOf(sale: CheckoutSale, orderId: string | null, extra: { activationCode?: string | null } = {}, now = new Date()): Receipt {
  const view = saleView(sale);
  return {
    kind: sale.kind,
    orderId,
    description: sale.description,
    includeMessage: sale.includeMessage,
    totalText: formatMoney(sale.total),
    email: sale.email,
    number: sale.kind === "recharge" || sale.kind === "recurring" ? shownNumber(sale, sale.lineNumber) : null,
    delivery: sale.kind === "sim" ? deliveryAddress(sale) : null,
    lines: view.lines,
    ...(sale.kind === "esim" && extra.activationCode ? { activationCode: extra.activationCode } : {}),
    paidAt: now.toISOString(),
  };
}

/** The confirmation's texts: the spec's success message, then what happens next for this kind of sale. */
export async function loadReceipt(request: Request) {
  const session = await getSession(request);
  const parsed = receipt.safeParse(session.get("receipt"));
  if (!parsed.success) return null;
  const value = parsed.data;
  const next =
    value.kind === "sim"
      ? translate("payment:receipt.simNext", { address: value.delivery, email: value.email })
      : value.kind === "esim"
        ? translate("esim:receipt.next", { email: value.email })
        : value.kind === "recurring"
          ? translate("payment:recurring.scheduled")
          : translate("payment:receipt.rechargeNext", { number: value.number, email: value.email });
  // Beyond the spec: the activation code as a QR on the page too, for a purchase made on another device.
  const qr = value.activationCode ? { ...drawQr(value.activationCode), code: value.activationCode } : null;
  return { ...value, kindLabel: kindLabel(value.kind), completed: translate("payment:payment.completed"), next, qr };
}
