import * as z from "zod/mini";
import { baitNumber, checkbox, contactPhone, email, iccidDigits, newPassword, serviceNumber, verificationCode, type LineProfile } from "./fields";

/**
 * One schema per account form (docs/accounts.md), shared by the route's action and its component.
 * Forms that differ by line profile (the Telefonía Celular / Internet en Casa / Internet
 * Portátil switch) are a function of the profile.
 */

const matches = <T extends Record<string, unknown>>(field: keyof T & string, other: keyof T & string, message: string) =>
  z.refine<T>((value) => value[field] === undefined || value[other] === undefined || value[field] === value[other], { message, path: [other] });

// ——— Login ———

export const loginSchema = (profile: LineProfile) =>
  z.object({
    number: profile === "mbb" ? baitNumber() : serviceNumber(),
    password: z.string({ error: "auth:login.passwordRequired" }),
  });
export type LoginForm = z.infer<ReturnType<typeof loginSchema>>;

// ——— Recovery ———

/** Step 1: the Bait number twice (mbb), or the service number and the contact phone (hbb, mifi). */
export const recoveryStartSchema = (profile: LineProfile) =>
  profile === "mbb"
    ? z
        .object({
          number: baitNumber(),
          confirmation: z.string({ error: "auth:register.confirmationRequired" }),
        })
        .check(matches("number", "confirmation", "auth:recovery.numberMismatch"))
    : z.object({ serviceNumber: serviceNumber(), phone: contactPhone() });
export type RecoveryStartForm = z.infer<ReturnType<typeof recoveryStartSchema>>;

/** Step 2 and registration step 1: the code the customer received. */
export const codeSchema = z.object({ code: verificationCode() });

/** Step 3: the new password twice. */
export const recoveryPasswordSchema = z
  .object({
    password: newPassword("auth:recovery.passwordRequired"),
    passwordConfirmation: z.string({ error: "auth:recovery.passwordRequired" }),
  })
  .check(matches("password", "passwordConfirmation", "auth:recovery.passwordMismatch"));

// ——— Registration ———

/** Step 0: the Bait number twice (mbb); phone, e-mail, service number and ICCID (hbb, mifi). */
export const registerStartSchema = (profile: LineProfile) =>
  profile === "mbb"
    ? z
        .object({
          number: baitNumber(),
          confirmation: z.string({ error: "auth:register.confirmationRequired" }),
        })
        .check(matches("number", "confirmation", "auth:register.numberMismatch"))
    : z.object({ phone: contactPhone(), email: email(), serviceNumber: serviceNumber(), iccid: iccidDigits() });
export type RegisterStartForm = z.infer<ReturnType<typeof registerStartSchema>>;

/** '¡Teléfono Verificado!': name or alias, e-mail, password twice, promotions opt-in. */
export const completeRegistrationSchema = z
  .object({
    name: z.string({ error: "auth:completeRegistration.nameRequired" }).check(z.trim(), z.maxLength(60, "auth:completeRegistration.nameTooLong")),
    email: email(),
    password: newPassword("auth:completeRegistration.passwordRequired"),
    passwordConfirmation: z.string({ error: "auth:completeRegistration.passwordMismatch" }),
    promotions: checkbox(),
  })
  .check(matches("password", "passwordConfirmation", "auth:completeRegistration.passwordMismatch"));
export type CompleteRegistrationForm = z.infer<typeof completeRegistrationSchema>;
