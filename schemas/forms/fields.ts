import * as z from "zod/mini";
import { isLineProfile, type LineProfile } from "../line";

/**
 * Field rules shared by the account forms (docs/accounts.md). Every message is a catalogue key; the
 * component that shows it translates it. Written with zod/mini because these schemas run in the
 * browser too (app/lib/forms.ts says why).
 */

export { lineProfiles, type LineProfile } from "../line";

/** `?type=` of the account screens: anything unknown is a mobile line, as on the switch. */
export const profileOf = (value: string | null | undefined): LineProfile =>
  value && isLineProfile(value) ? value : "mbb";

/** Spaces removed before checking: people type "55 1234 5678". */
export const stripSpaces = z.overwrite((value: string) => value.replace(/\s+/g, ""));

/**
 * Put after a trim or stripSpaces: a field of spaces alone was left empty, and says so with its
 * "required" message rather than its format one.
 */
export const filled = (requiredKey: string) => z.minLength(1, { error: requiredKey, abort: true });

/**
 * A 10-digit number (phone or service number). Spaces are removed before checking (people
 * type "55 1234 5678"); letters or symbols are "Número inválido"; fewer or more digits say how
 * many are needed.
 */
export const tenDigits = (messages: { required: string; digits: string; invalid?: string }) =>
  z.string({ error: messages.required }).check(
    stripSpaces,
    filled(messages.required),
    // Letters or symbols say so alone (the field shows one message).
    z.regex(/^\d*$/, { error: messages.invalid ?? "auth:login.numberInvalid", abort: true }),
    z.regex(/^\d{10}$/, messages.digits),
  );

export const baitNumber = () => tenDigits({ required: "auth:login.numberRequired", digits: "auth:login.numberDigits" });
export const serviceNumber = () => tenDigits({ required: "auth:login.serviceNumberRequired", digits: "auth:login.serviceNumberDigits" });
export const contactPhone = () => tenDigits({ required: "auth:recovery.phoneRequired", digits: "auth:recovery.phoneDigits" });

export const email = () =>
  z.string({ error: "auth:register.emailRequired" }).check(
    z.trim(),
    filled("auth:register.emailRequired"),
    z.maxLength(80, "auth:register.emailInvalid"),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, "auth:register.emailInvalid"),
  );

/** docs/accounts.md: 8 to 20 characters with a lowercase and an uppercase letter, a digit and one of @$!%.*#? &. */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%.*#? &])[A-Za-z\d@$!%.*#? &]{8,20}$/;
export const newPassword = (requiredKey: string) => z.string({ error: requiredKey }).check(z.regex(PASSWORD_RULE, "auth:completeRegistration.passwordInvalid"));

/** The verification code: 4 digits (docs/accounts.md "Verification code 4 cells"). */
export const CODE_LENGTH = 4;
export const verificationCode = () =>
  z.string({ error: "auth:code.required" }).check(stripSpaces, filled("auth:code.required"), z.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), "auth:code.digits"));

/** The last 13 digits of the SIM's ICCID; the prefix 895214 is printed beside the field. */
export const ICCID_PREFIX = "895214";
export const ICCID_TYPED_LENGTH = 13;
export const iccidDigits = () =>
  z.string({ error: "auth:register.iccidRequired" }).check(stripSpaces, filled("auth:register.iccidRequired"), z.regex(new RegExp(`^\\d{${ICCID_TYPED_LENGTH}}$`), "auth:register.iccidDigits"));

/** A checkbox: present ("on") when ticked, absent otherwise. */
export const checkbox = () => z.pipe(z.optional(z.string()), z.transform((value) => value === "on"));
