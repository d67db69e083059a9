import { parse, type Submission } from "@conform-to/dom";
import type * as z from "zod/mini";
import { formValues, validateValues } from "./form-validation";

/**
 * Parses a form post against its schema in the action, with the validation the browser runs
 * (app/lib/use-schema-form.ts), so both give the same errors; conform's submission gives the
 * answer's shape (`reply`). Only actions import this module: conform never reaches the browser.
 * Form schemas are written with zod/mini, which costs the browser 5 KB gzip where classic zod
 * would cost 27.
 *
 * Coercion is the one conform does by default: an empty field is a missing field (so a schema
 * says "required" once, with its own message). Errors are catalogue keys; components translate
 * them where they are shown.
 */
export function parseForm<Schema extends z.ZodMiniType>(payload: FormData | URLSearchParams, schema: Schema): Submission<z.infer<Schema>, string[]> {
  return parse(payload, {
    resolve(value) {
      const result = validateValues(schema, formValues(value));
      return result.ok ? { value: result.value } : { error: result.errors };
    },
  });
}

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
