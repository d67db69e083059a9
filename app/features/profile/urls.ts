/** The customer area's addresses (docs/profile.md). */
export const PROFILE_PATH = "/editar-perfil";
export const REPLACEMENT_PATH = "/reposicion-sim";
export const INVOICE_PATH = "/factura";

/** ?confirmar=whatsapp: the WhatsApp opt-in's confirmation, a modal the server renders open. */
export const whatsappConfirmUrl = `${PROFILE_PATH}?confirmar=whatsapp`;

/** The invoice of one recharge of the history: /factura?recarga=<orderID>. */
export const invoiceUrl = (orderId: string) => `${INVOICE_PATH}?recarga=${encodeURIComponent(orderId)}`;

export const replacementUrl = (step: 1 | 2 | 3 = 1) => (step === 1 ? REPLACEMENT_PATH : `${REPLACEMENT_PATH}?paso=${step}`);
