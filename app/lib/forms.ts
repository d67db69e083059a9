import type { Submission } from "@conform-to/react";

/**
 * What every form shares on the server. Actions parse a post with conform's `parseWithZod`
 * (@conform-to/zod/v4) against the form's one schema (schemas/forms/), the schema the component
 * validates with in the browser (`useForm` + `getZodConstraint`), and answer with the
 * submission's `reply()` (app/lib/form-answer.server.ts). Coercion is conform's default: an empty
 * field is a missing one, so a schema says "required" once, with its own message. Errors are
 * catalogue keys; components translate them where they are shown.
 */

/** A parsed form post: conform's submission, field errors as catalogue keys. */
export type FormSubmission = Submission<unknown, string[], unknown>;

/** Form fields that must never travel back to the browser in an action's answer. */
export const SECRET_FIELDS = ["password", "passwordConfirmation", "currentPassword", "code", "nip", "cardNumber", "cvv"] as const;

/**
 * The posted form. A body that does not parse (a multipart without its boundary, cut short, or
 * with a broken part) reads as an empty form: the schema's "required" messages answer it, where
 * request.formData() would throw and the visitor would get a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
