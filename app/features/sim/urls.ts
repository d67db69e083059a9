/** The SIM modal is a URL (docs/sim.md "A SIM modal asks for delivery data"): `/cambiate-a-bait?chip=OFFERID`. */
export const SIM_PARAM = "chip";
