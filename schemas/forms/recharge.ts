import * as z from "zod/mini";
import { checkbox, filled, stripSpaces } from "./fields";
import type { LineProfile } from "../line";

/**
 * The recharge modal's "Datos de línea" form (docs/recharge.md, spec §5), shared by the /recargas action and
 * the modal. What it asks depends on the offer's type code (docs/recharge.md): types 3 and 8 (portable
 * internet) add the modem's service number; type 2 (home internet) asks the modem's service
 * number in the one number field. Every message is a catalogue key.
 */

/** Type codes of docs/recharge.md whose recharge asks for a service number besides the phone (docs/recharge.md). */
export const needsServiceNumber = (type: number) => type === 3 || type === 8;

/** The line profile an offer type recharges: 2 home internet, 3 and 8 portable internet, the rest mobile. */
export const profileForType = (type: number): LineProfile => (type === 2 ? "hbb" : needsServiceNumber(type) ? "mifi" : "mbb");

/**
 * Reference 4 of a sale, its line category (docs/recharge.md "Offer types"): the same table as the
 * profile, read with the spec's §3 type codes: 2 (home internet) hbb, 3 and 8 (portable internet)
 * mifi, every other type mbb. §9's "types below 3 or 4 give mbb, 3 hbb" reads 2 as mobile and 3 as
 * home internet; §3 wins, so the recurrence categories (app/features/recurrence/categories.ts) agree.
 */
export const lineCategoryForType = profileForType;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** 10 digits once spaces are removed (docs/recharge.md "phone spaces removed before submission"). */
const tenDigits = (invalidKey: string) =>
  z.string({ error: "recharge:form.required" }).check(stripSpaces, filled("recharge:form.required"), z.regex(/^\d{10}$/, invalidKey));

export const rechargeEmail = () =>
  z.string({ error: "recharge:form.required" }).check(z.trim(), filled("recharge:form.required"), z.maxLength(80, "recharge:form.email"), z.regex(EMAIL, "recharge:form.email"));

export const rechargeLineSchema = (input: { type: number; captcha?: boolean }) =>
  z.object({
    offerId: z.string({ error: "recharge:form.required" }),
    /** The line to recharge (mobile, or home internet's service number) or, for types 3 and 8, the contact phone. */
    phone: tenDigits(input.type === 2 ? "recharge:form.serviceNumber" : "recharge:form.phone"),
    serviceNumber: needsServiceNumber(input.type) ? tenDigits("recharge:form.serviceNumber") : z.optional(z.string()),
    email: rechargeEmail(),
    /** The WhatsApp opt-in beside the privacy notice: optional. */
    whatsapp: checkbox(),
    captchaToken: input.captcha ? z.string({ error: "recharge:form.captcha" }) : z.optional(z.string()),
  });
export type RechargeLineForm = z.infer<ReturnType<typeof rechargeLineSchema>>;

/** The number whose line gets the recharge: the service number for types 3 and 8, else the phone field. */
export const lineNumberOf = (form: { phone: string; serviceNumber?: string }, type: number) =>
  needsServiceNumber(type) ? (form.serviceNumber ?? "") : form.phone;
