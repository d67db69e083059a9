import { redirectWithNotice } from "~/features/auth/session.server";
import { translate } from "~/features/auth/form-result.server";
import { formatMoney, formatPhone } from "~/lib/format";
import { profileForType } from "#schemas/forms/recharge";
import { RECHARGE_PARAM } from "./params";
import { pendingSale } from "./recharge.server";

/**
 * The hand-over page's data: the sale waiting in the session, formatted for display. Without a
 * sale there is nothing to pay: back to /recargas with a notice.
 */
export async function checkoutHandOver(request: Request) {
  const sale = await pendingSale(request);
  if (!sale) throw await redirectWithNotice(request, "/recargas", "recharge:checkout.expired");
  const numberIsService = profileForType(sale.type) !== "mbb";
  const edit = new URL(sale.returnTo, "http://local");
  edit.searchParams.set(RECHARGE_PARAM, sale.offerId);
  return {
    uuid: sale.uuid,
    offerId: sale.offerId,
    description: sale.description,
    includeMessage: sale.includeMessage,
    validity: translate("recharge:modal.days", { count: sale.validityDays }),
    numberLabel: numberIsService ? "recharge:checkout.serviceNumber" : "recharge:checkout.number",
    number: formatPhone(sale.lineNumber),
    contactPhone: sale.phone !== sale.lineNumber ? formatPhone(sale.phone) : null,
    email: sale.email,
    quantity: sale.quantity,
    total: formatMoney(sale.total),
    editHref: edit.pathname + edit.search,
  };
}
