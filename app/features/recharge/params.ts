/** The recharge modal is a URL (SPEC §2): `?recarga=OFFERID` opens it, over the catalogue tab `?section=`. */
export const RECHARGE_PARAM = "recarga";
export const SECTION_PARAM = "section";
