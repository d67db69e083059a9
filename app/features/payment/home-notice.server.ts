import { translate } from "~/lib/i18n/i18n.server";
import { getSession } from "~/lib/session.server";
import { followUp } from "./outcome.server";
import { RECEIPT_PATH } from "./receipt.server";
import { pendingSale } from "./sale.server";
import { CHECKOUT_PATH } from "./urls";

/** What a signed-in page says about a payment the customer left before its verdict (a crash, a lost answer). */
export type PaymentNotice = { tone: "success" | "error" | "info"; text: string; href: string; link: string };

/**
 * The customer's /home after a payment whose answer never reached them (docs/payment.md "States
 * of a payment"): the sale still in their session is settled from the provider's record, and the
 * page says how it ended, with the way on: the confirmation ('Ver comprobante'), the checkout
 * again ('Intentar de nuevo'), or its state while it is still being confirmed. Null when no
 * payment of theirs is waiting; `setCookie` when the session changed (the sale became its
 * confirmation).
 */
export async function paymentNoticeFor(request: Request): Promise<{ notice: PaymentNotice | null; setCookie?: string }> {
  const sale = await pendingSale(request);
  if (!sale) return { notice: null };
  const follow = await followUp(await getSession(request), sale);
  const description = sale.description;
  switch (follow.state) {
    case "none":
      return { notice: null };
    case "confirming":
      return { notice: { tone: "info", text: translate("payment:recovery.homeConfirming", { description }), href: CHECKOUT_PATH, link: translate("payment:recovery.homeConfirmingLink") } };
    case "approved":
      return {
        notice: { tone: "success", text: translate("payment:recovery.homeApproved", { description }), href: RECEIPT_PATH, link: translate("payment:recovery.homeApprovedLink") },
        setCookie: follow.setCookie,
      };
    case "failed":
      return {
        notice: { tone: follow.told.message?.tone === "info" ? "info" : "error", text: translate("payment:recovery.homeFailed", { description, reason: follow.told.message?.text ?? "" }), href: CHECKOUT_PATH, link: translate("payment:recovery.homeFailedLink") },
        setCookie: follow.setCookie,
      };
  }
}
