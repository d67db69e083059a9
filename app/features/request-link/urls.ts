/**
 * The addresses of 'Pide tu recarga' (docs/request-link.md), for the server and the browser alike.
 */

/** The maker's page: make a link (signed in, or for a number typed by a visitor), list and cancel them. */
export const REQUEST_PATH = "/pide-recarga";
/** The number a visitor asks a recharge for (from the number-first answer): `/pide-recarga?numero=…`. */
export const REQUEST_NUMBER_PARAM = "numero";
/** The link just made, shown to share: `/pide-recarga?enlace=<token>`. */
export const REQUEST_LINK_PARAM = "enlace";
/** A visitor's request waiting for the code sent to the line: `/pide-recarga?confirmar=<id>` is its code step. */
export const REQUEST_CONFIRM_PARAM = "confirmar";
/** Another code was sent on the code step: the page says so. */
export const REQUEST_RESENT_PARAM = "reenviado";
/** A link was cancelled: the page that listed it says so. */
export const REQUEST_REVOKED_PARAM = "cancelado";
/** The id of /home's section (a link may point at it). */
export const HOME_SECTION_ID = "pide-tu-recarga";

/** The designed preview image of a link's page (public/), 1200 × 630, for WhatsApp and other apps: no personal data in it. */
export const PREVIEW_IMAGE = { path: "/images/pide-recarga/vista-previa.png", width: 1200, height: 630 } as const;

/** The payer's page of a link. */
export const payerPath = (token: string) => `/r/${token}`;
/** The maker's page for a number typed by a visitor. */
export const requestForNumber = (number: string) => `${REQUEST_PATH}?${REQUEST_NUMBER_PARAM}=${encodeURIComponent(number)}`;
/** The code step of a visitor's request (`resent`: another code was just sent). */
export const confirmHref = (id: string, resent = false) => `${REQUEST_PATH}?${REQUEST_CONFIRM_PARAM}=${encodeURIComponent(id)}${resent ? `&${REQUEST_RESENT_PARAM}=1` : ""}`;
/** The maker's page showing a link to share again. */
export const shareAgainHref = (token: string) => `${REQUEST_PATH}?${REQUEST_LINK_PARAM}=${encodeURIComponent(token)}`;

/** The ways to send a link without JavaScript: WhatsApp's and the phone's messages, with the text prefilled. */
export function shareTargets(text: string) {
  const encoded = encodeURIComponent(text);
  return { whatsapp: `https://wa.me/?text=${encoded}`, sms: `sms:?&body=${encoded}` };
}

/**
 * A line as the payer sees it: the area code and the last four digits, "(55) •• •• 56 78". Enough
 * to recognise a number one knows, not enough to learn one.
 */
export function maskLine(digits: string): string {
  const match = /^(\d{2})\d{4}(\d{2})(\d{2})$/.exec(digits);
  return match ? `(${match[1]}) •• •• ${match[2]} ${match[3]}` : "•• •• •• ••";
}
