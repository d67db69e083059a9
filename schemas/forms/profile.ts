import * as z from "zod/mini";
import { checkbox, email, iccidDigits, newPassword } from "./fields";
import { rfcProblem } from "./rfc";

/**
 * The customer area's forms (docs/profile.md): 'Actualizar Datos', the password change, the SIM
 * replacement and the invoice (CFDI). Messages are catalogue keys of `profile` (and of `auth` for
 * the field rules shared with the account screens).
 */

const matches = <T extends Record<string, unknown>>(field: keyof T & string, other: keyof T & string, message: string) =>
  z.refine<T>((value) => value[field] === undefined || value[other] === undefined || value[field] === value[other], { message, path: [other] });

// ——— Actualizar Datos ———

export const profileDataSchema = z.object({
  name: z.string({ error: "auth:completeRegistration.nameRequired" }).check(z.trim(), z.maxLength(60, "auth:completeRegistration.nameTooLong")),
  email: email(),
  promotions: checkbox(),
});
export type ProfileDataForm = z.infer<typeof profileDataSchema>;

/** The current password, then the new one twice (docs/accounts.md password rule). */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: "profile:password.currentRequired" }),
    password: newPassword("auth:completeRegistration.passwordRequired"),
    passwordConfirmation: z.string({ error: "auth:completeRegistration.passwordMismatch" }),
  })
  .check(matches("password", "passwordConfirmation", "auth:completeRegistration.passwordMismatch"));

/** The WhatsApp opt-in, confirmed: nothing to type. */
export const whatsappSchema = z.object({ intent: z.literal("whatsapp") });

// ——— SIM replacement ———

export const replacementReasons = ["robo", "extravio", "danio", "cambio"] as const;

export const replacementSchema = z.object({
  iccid: iccidDigits(),
  email: email(),
  reason: z.enum(replacementReasons, { error: "profile:replacement.reasonRequired" }),
});

// ——— Invoice (CFDI) ———

const rfc = z.string({ error: "profile:invoice.rfcRequired" }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((value) => rfcProblem(value) !== "format", "profile:invoice.rfcFormat"),
  z.refine((value) => rfcProblem(value) !== "date", "profile:invoice.rfcDate"),
  z.refine((value) => rfcProblem(value) !== "checkDigit", "profile:invoice.rfcCheckDigit"),
);

const required = (key: string) => z.string({ error: key }).check(z.trim(), z.minLength(1, key));

export const invoiceSchema = z.object({
  rfc,
  businessName: z.string({ error: "profile:invoice.businessNameRequired" }).check(z.trim(), z.maxLength(254, "profile:invoice.businessNameRequired")),
  postalCode: z.string({ error: "profile:invoice.postalCodeRequired" }).check(z.regex(/^\d{5}$/, "profile:invoice.postalCodeDigits")),
  taxRegime: required("profile:invoice.taxRegimeRequired"),
  cfdiUse: required("profile:invoice.cfdiUseRequired"),
  paymentForm: required("profile:invoice.paymentFormRequired"),
  paymentMethod: required("profile:invoice.paymentMethodRequired"),
  email: email(),
});
export type InvoiceForm = z.infer<typeof invoiceSchema>;
