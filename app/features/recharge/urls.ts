/** The recharge modal is a URL (docs/recharge.md): `?recarga=OFFERID` opens it, over the catalogue tab `?section=`. */
export const RECHARGE_PARAM = "recarga";
export const SECTION_PARAM = "section";
/** Prefills the modal's line (docs/recharge.md): `?recarga=OFFERID&numero=5512345678`. */
export const LINE_PARAM = "numero";

/** The recharge modal of an offer is a URL (docs/recharge.md): /recargas?recarga={offerId}. Banners link with it. */
export function rechargeHref(offerId: string): string {
  return `/recargas?${RECHARGE_PARAM}=${encodeURIComponent(offerId)}`;
}
