import type * as z from "zod/mini";

/** Field name → its first error (a catalogue key); a field without errors is absent. */
export type FieldErrors = Record<string, string[]>;

/**
 * A form's values as its schema reads them: every field as sent, except that an empty (or
 * blank) field is a missing one, so a schema says "required" once, with its own message.
 */
export function formValues(payload: FormData | URLSearchParams | Record<string, unknown>): Record<string, unknown> {
  const entries = payload instanceof FormData || payload instanceof URLSearchParams ? [...payload.entries()] : Object.entries(payload);
  const out: Record<string, unknown> = {};
  for (const [key, entry] of entries) {
    if (typeof entry === "string" && entry.trim() === "") continue;
    out[key] = entry;
  }
  return out;
}

/**
 * Checks values against a form schema: the parsed value, or one message per field (the first
 * one found: the spec shows a single line under a field). Used by the server (through conform's
 * submission, app/lib/forms.ts) and by every form in the browser (app/lib/use-schema-form.ts).
 */
export function validateValues<Schema extends z.ZodMiniType>(
  schema: Schema,
  values: Record<string, unknown>,
): { ok: true; value: z.infer<Schema> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data as z.infer<Schema> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join(".");
    if (!errors[name]) errors[name] = [issue.message];
  }
  return { ok: false, errors };
}
