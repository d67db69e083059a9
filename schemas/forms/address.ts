import * as z from "zod/mini";
import { filled } from "./fields";

/**
 * The postal-code pair of the address forms (the SIM delivery form, the card form's billing
 * address): a 5-digit postal code and one of its colonias, chosen in a select whose first
 * option, "00", is none (docs/sim.md: "postal code 5 digits", "colonia not 00", spec §9 postal code 5).
 */
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
export const NO_COLONY = "00";

export const postalCodeField = (requiredKey: string) => z.string({ error: requiredKey }).check(z.trim(), filled(requiredKey), z.regex(POSTAL_CODE_PATTERN, "address:postalCodeDigits"));

/** The colonia's id in the postal lookup; the server checks it is one of that code's colonias. */
export const colonyField = () => z.string({ error: "address:selectColony" }).check(z.refine((value) => value !== NO_COLONY, "address:selectColony"));

/** The submit button that asks the server for the code's colonias (the lookup without JavaScript). */
export const POSTAL_CODE_INTENT = "postal-code";
