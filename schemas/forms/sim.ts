import * as z from "zod/mini";
import { colonyField, postalCodeField } from "./address";
import { NAME_PATTERN } from "./card";
import { rechargeEmail } from "./recharge";

/**
 * The SIM modal's delivery form (docs/sim.md "SIM delivery", spec §5 "SIM form"), shared by the
 * /cambiate-a-bait action and the modal: every field required except the interior number; the
 * postal code has 5 digits and the colonia is one of its colonias (the select's first option,
 * "00", is none). State, municipality and country are not fields: the server derives them from
 * its own postal lookup. Every message is a catalogue key.
 */

const REQUIRED = "recharge:form.required";
const TOO_LONG = "sim:form.tooLong";
const collapse = z.overwrite((value: string) => value.trim().replace(/\s+/g, " "));

/** Names: letters (Spanish ones too) and single spaces between words. */
const personName = (max: number) => z.string({ error: REQUIRED }).check(collapse, z.maxLength(max, TOO_LONG), z.regex(NAME_PATTERN, "sim:form.name"));
const text = (max: number) => z.string({ error: REQUIRED }).check(collapse, z.maxLength(max, TOO_LONG));

export const simDeliverySchema = z.object({
  offerId: z.string({ error: REQUIRED }),
  contactName: personName(60),
  contactLastName: personName(80),
  email: rechargeEmail(),
  /** 10 digits once spaces are removed (docs/sim.md, spec §9). */
  contactNumber: z.string({ error: REQUIRED }).check(
    z.overwrite((value: string) => value.replace(/\s+/g, "")),
    z.regex(/^\d{10}$/, "recharge:form.phone"),
  ),
  postalCode: postalCodeField(REQUIRED),
  address: text(120),
  exteriorNumber: text(20),
  interiorNumber: z.optional(text(20)),
  colony: colonyField(),
});
export type SimDeliveryForm = z.infer<typeof simDeliverySchema>;

/** The fields of the form, in the order they are shown: the error summary lists them so. */
export const SIM_FIELDS = ["contactName", "contactLastName", "email", "contactNumber", "postalCode", "colony", "address", "exteriorNumber", "interiorNumber"] as const;
