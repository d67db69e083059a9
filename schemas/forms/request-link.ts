import * as z from "zod/mini";
import { checkbox, CODE_LENGTH, filled, stripSpaces } from "./fields";

/**
 * 'Pide tu recarga' (docs/request-link.md): the forms of the maker (make a link, cancel one) and of
 * whoever pays it. Written with zod/mini, as the other forms that run in the browser; every
 * message is a catalogue key of the `requestLink` namespace.
 */

/** The longest message a maker may write for the payer. */
export const MESSAGE_MAX = 140;

/**
 * A web address in the message: a scheme, `www.`, or a name ending in a common top-level domain.
 * The payer's page is ours: it never carries a link a stranger wrote (phishing).
 */
const WEB_ADDRESS = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|\b[a-z0-9-]+\.(?:com|mx|net|org|info|io|ly|me|co|app|link|site|online|xyz|shop|store|top|click|gl|to|be)\b)/i;

/** Spaces, tabs and line breaks become one space: the message is one short paragraph. */
const oneLine = z.overwrite((value: string) => value.replace(/\s+/g, " ").trim());

/** An offer id as the config writes them (schemas/config/recharges.ts). */
const OFFER_ID = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Making a link: the offer asked for (none: the payer chooses), the maker's words, whether their
 * name shows (signed-in makers only; the server ignores it for anyone else) and, for a visitor,
 * the number typed in the number-first answer (the server checks it again).
 */
export const makeRequestSchema = z.object({
  intent: z.literal("crear"),
  offerId: z.optional(z.string().check(z.regex(OFFER_ID, "requestLink:form.offerUnknown"))),
  message: z.optional(
    z.string().check(oneLine, z.maxLength(MESSAGE_MAX, "requestLink:form.messageTooLong"), z.refine((value) => !WEB_ADDRESS.test(value), "requestLink:form.messageLink")),
  ),
  showName: checkbox(),
  numero: z.optional(z.string().check(stripSpaces)),
});
export type MakeRequestForm = z.infer<typeof makeRequestSchema>;

/** A visitor's request waiting for the code sent to the line: its id (72 random bits, as a link's). */
const PENDING_ID = /^[A-Za-z0-9_-]{12}$/;

/**
 * A visitor's second step: the code sent by SMS to the line the link is for (its holder typed it, or
 * gave it to them). The code's rule is the other code forms' (schemas/forms/fields.ts), with this
 * page's messages.
 */
export const confirmRequestSchema = z.object({
  intent: z.literal("confirmar"),
  id: z.string().check(z.regex(PENDING_ID, "requestLink:confirm.gone")),
  code: z
    .string({ error: "requestLink:confirm.codeRequired" })
    .check(stripSpaces, filled("requestLink:confirm.codeRequired"), z.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), "requestLink:confirm.codeDigits")),
});
export type ConfirmRequestForm = z.infer<typeof confirmRequestSchema>;

/** 'Enviar otro código' on the code step: which request. */
export const resendRequestSchema = z.object({
  intent: z.literal("reenviar"),
  id: z.string().check(z.regex(PENDING_ID, "requestLink:confirm.gone")),
});

/** Cancelling one of the line's open links (signed in); `volver` says which page to come back to. */
export const revokeRequestSchema = z.object({
  intent: z.literal("cancelar"),
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/, "requestLink:revoke.notFound")),
  volver: z.optional(z.enum(["inicio", "pide-recarga"])),
});
export type RevokeRequestForm = z.infer<typeof revokeRequestSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Paying a link: which of the line's offers, and the payer's own e-mail for the receipt. The
 * server checks the offer against the line's kind again.
 */
export const payRequestSchema = z.object({
  offerId: z.string({ error: "requestLink:pay.offerRequired" }).check(z.regex(OFFER_ID, "requestLink:pay.offerRequired")),
  email: z
    .string({ error: "requestLink:pay.emailRequired" })
    .check(z.trim(), filled("requestLink:pay.emailRequired"), z.maxLength(80, "requestLink:pay.emailInvalid"), z.regex(EMAIL, "requestLink:pay.emailInvalid")),
});
export type PayRequestForm = z.infer<typeof payRequestSchema>;

/** The number typed on /pide-recarga by a visitor (a GET form): 10 digits once separators go. */
export const requestNumberOf = (typed: string) => typed.replace(/[\s\-().]+/g, "");
