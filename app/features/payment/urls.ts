/** The checkout's address (docs/payment.md card payment plugin): the sale waiting in the session is paid here. */
export const CHECKOUT_PATH = "/pago";
/** The no-JS fallback of the hosted card (provider type 2 needs JavaScript): the card form. */
export const CARD_METHOD_PARAM = "metodo";
