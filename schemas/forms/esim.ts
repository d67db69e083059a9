import * as z from "zod/mini";
import { checkbox, filled, stripSpaces } from "./fields";

/**
 * The eSIM modal's form (docs/esim.md, spec §3 "eSIM form", §5): contact number, e-mail twice and
 * the device's IMEI, shared by the action and the modal. The spec's messages are verbatim; phone
 * and IMEI take digits only (spaces people type are removed). Every message is a catalogue key.
 */

/** docs/esim.md: the IMEI has 13 to 17 digits; the check runs from 13. */
export const IMEI_MIN_DIGITS = 13;
export const IMEI_MAX_DIGITS = 17;
export const IMEI_PATTERN = /^\d{13,17}$/;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const emailField = (required: string) => z.string({ error: required }).check(z.trim(), filled(required), z.maxLength(80, "esim:form.email"), z.regex(EMAIL, "esim:form.email"));

/** The IMEI alone: the compatibility check (eSIM modal and /compatibilidad) validates with it. */
export const imeiField = () => z.string({ error: "esim:form.imeiRequired" }).check(stripSpaces, filled("esim:form.imeiRequired"), z.regex(IMEI_PATTERN, "esim:form.imeiFormat"));

export const imeiSchema = z.object({ imei: imeiField() });

export const esimSchema = z
  .object({
    offerId: z.string({ error: "esim:form.required" }),
    contactNumber: z.string({ error: "esim:form.phone" }).check(stripSpaces, z.regex(/^\d{10}$/, "esim:form.phone")),
    email: emailField("esim:form.email"),
    emailconfirmar: emailField("esim:form.emailMismatch"),
    imei: imeiField(),
    /** 'Soy usuario Bait': a replacement eSIM for an existing line (absent in the portability flow). */
    isBait: checkbox(),
  })
  .check(
    z.refine((value) => value.email.toLowerCase() === value.emailconfirmar.toLowerCase(), {
      message: "esim:form.emailMismatch",
      path: ["emailconfirmar"],
      // Judged as soon as both e-mails are well formed, whatever else the form still lacks.
      when: ({ value }) => {
        const both = value as { email?: unknown; emailconfirmar?: unknown };
        return typeof both.email === "string" && typeof both.emailconfirmar === "string";
      },
    })
  );
export type EsimForm = z.infer<typeof esimSchema>;

/** The fields of the form, in the order they are shown: the error summary lists them so. */
export const ESIM_FIELDS = ["contactNumber", "email", "emailconfirmar", "imei", "isBait"] as const;
