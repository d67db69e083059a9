/** The checkout's address (docs/payment.md card payment plugin): the sale waiting in the session is paid here. */
export const CHECKOUT_PATH = "/pago";
/** The no-JS fallback of the hosted card (provider type 2 needs JavaScript): the card form. */
export const CARD_METHOD_PARAM = "metodo";
/** The pages that take a payment: no third-party script ever runs on them (docs/payment.md "Card data"). */
export const PAYMENT_PATHS = [CHECKOUT_PATH, `${CHECKOUT_PATH}/completado`];
export const isPaymentPage = (pathname: string) => PAYMENT_PATHS.includes(pathname.replace(/\/$/, "") || "/");
/**
 * What the provider's hosted payment page hands back on its way to the checkout (no JavaScript):
 * our reference of the round trip, its single-use token and the card's last 4 digits.
 */
export const CARD_PAGE_PARAMS = { ref: "ref", token: "token", last4: "ultimos" } as const;
