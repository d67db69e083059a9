import * as z from "zod/mini";
import { NAME_PATTERN } from "./card";
import { filled, stripSpaces, tenDigits } from "./fields";

/**
 * The portability request (docs/prospect.md "Portability"): the number to bring, the NIP the 051
 * sent (4 digits), the 13 digits of the Bait SIM's ICCID after the printed prefix 895214, and the
 * contact data (name, e-mail, a 10-digit phone). Every message is a key of locales/es-MX/portability.json.
 */
const collapse = z.overwrite((value: string) => value.trim().replace(/\s+/g, " "));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const portabilitySchema = z.object({
  numero: tenDigits({ required: "portability:numberRequired", digits: "portability:numberDigits", invalid: "portability:numberDigits" }),
  nip: z.string({ error: "portability:nipRequired" }).check(stripSpaces, filled("portability:nipRequired"), z.regex(/^\d{4}$/, "portability:nipDigits")),
  iccid: z.string({ error: "portability:iccidRequired" }).check(stripSpaces, filled("portability:iccidRequired"), z.regex(/^\d{13}$/, "portability:iccidDigits")),
  nombre: z.string({ error: "portability:nameRequired" }).check(collapse, filled("portability:nameRequired"), z.maxLength(80, "portability:nameTooLong"), z.regex(NAME_PATTERN, "portability:nameInvalid")),
  correo: z.string({ error: "portability:emailRequired" }).check(z.trim(), filled("portability:emailRequired"), z.maxLength(80, "portability:emailInvalid"), z.regex(EMAIL, "portability:emailInvalid")),
  telefono: tenDigits({ required: "portability:contactPhoneRequired", digits: "portability:contactPhoneDigits", invalid: "portability:contactPhoneDigits" }),
});
export type PortabilityForm = z.infer<typeof portabilitySchema>;

/** The fields in the order they are shown: the error summary lists them so. */
export const PORTABILITY_FIELDS = ["numero", "nip", "iccid", "nombre", "correo", "telefono"] as const;
