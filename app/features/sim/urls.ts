/** The SIM modal is a URL (SPEC §2 "A SIM modal asks for delivery data"): `/cambiate-a-bait?chip=OFFERID`. */
export const SIM_PARAM = "chip";
