import * as z from "zod/mini";
import { checkbox, filled, stripSpaces } from "./fields";

/**
 * The contact lead form, "Cámbiate a Bait vía Whatsapp / vía Telefónica" (docs/leads.md): name,
 * phone twice and the privacy consent, all required, with the spec's messages. Shared by the
 * /contacto action and the modal. Every message is a catalogue key.
 */

/** The two kinds of lead: the URL's `?contacto=` value and the upstream's `tipo` (2 WhatsApp, 1 phone). */
export const leadKinds = ["whatsapp", "telefono"] as const;
export type LeadKind = (typeof leadKinds)[number];
export const isLeadKind = (value: unknown): value is LeadKind => (leadKinds as readonly unknown[]).includes(value);

export const CONTACT_FIELDS = ["nombre", "telefono", "confirmarNumero", "privacidad"] as const;

const phone = () => z.string({ error: "leads:form.required" }).check(stripSpaces, filled("leads:form.required"), z.regex(/^\d{10}$/, "leads:form.phoneInvalid"));

export const contactSchema = z
  .object({
    // A refinement, not z.enum: enums would add their code to the zod chunk every form page loads.
    tipo: z.string({ error: "leads:form.required" }).check(z.refine(isLeadKind, "leads:form.required")),
    nombre: z.string({ error: "leads:form.nameRequired" }).check(z.trim(), filled("leads:form.nameRequired"), z.maxLength(80, "leads:form.nameTooLong")),
    telefono: phone(),
    confirmarNumero: phone(),
    privacidad: z.pipe(checkbox(), z.literal(true, { error: "leads:form.privacyRequired" })),
  })
  .check(
    z.refine((value) => value.telefono === value.confirmarNumero, { message: "leads:form.phoneMismatch", path: ["confirmarNumero"] }),
  );
export type ContactForm = z.infer<typeof contactSchema>;
