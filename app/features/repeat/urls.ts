/**
 * 'Recargar de nuevo' (docs/payment.md "Repeat with the kept card"): an applied recharge of
 * /home's history, again, by its folio: /recargar-de-nuevo?folio=<orderID>. The page checks the
 * folio against the customer's own history. (Not `recarga`: the checkout's 'Cambiar datos' sets
 * that parameter to the offer on the sale's way back, so the folio survives it.)
 */
export const REPEAT_PATH = "/recargar-de-nuevo";
export const REPEAT_PARAM = "folio";

export const repeatHref = (orderId: string) => `${REPEAT_PATH}?${REPEAT_PARAM}=${encodeURIComponent(orderId)}`;
