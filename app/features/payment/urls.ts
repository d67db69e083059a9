/** The checkout's address (docs/payment.md card payment plugin): the sale waiting in the session is paid here. */
export const CHECKOUT_PATH = "/pago";
/** The no-JS fallback of the hosted card (provider type 2 needs JavaScript): the card form. */
export const CARD_METHOD_PARAM = "metodo";
/**
 * What the provider's hosted payment page hands back on its way to the checkout (no JavaScript):
 * our reference of the round trip, its single-use token and the card's last 4 digits.
 */
export const CARD_PAGE_PARAMS = { ref: "ref", token: "token", last4: "ultimos" } as const;
