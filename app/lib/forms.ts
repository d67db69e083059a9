import { parse, type Submission } from "@conform-to/dom";
import type * as z from "zod/mini";

/**
 * Parses a form post against its schema, in the action and in the browser alike, so both give
 * the same errors. Form schemas are written with zod/mini: conform's own zod adapter pulls the
 * whole classic zod into the browser (27 KB gzip), this pulls 5 KB.
 *
 * Coercion is the one conform does by default: an empty field is a missing field (so a schema
 * says "required" once, with its own message). Errors are catalogue keys; components translate
 * them where they are shown.
 */
export function parseForm<Schema extends z.ZodMiniType>(payload: FormData | URLSearchParams, schema: Schema): Submission<z.infer<Schema>, string[]> {
  return parse(payload, {
    resolve(value) {
      const result = schema.safeParse(withoutEmpty(value));
      if (result.success) return { value: result.data as z.infer<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = issue.path.map(String).join(".");
        // One message per field, the first one found: the spec shows a single line under a field.
        if (!error[name]) error[name] = [issue.message];
      }
      return { error };
    },
  });
}

function withoutEmpty(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === "string" && entry.trim() === "") continue;
    out[key] = entry;
  }
  return out;
}

/** Form fields that must never travel back to the browser in an action's answer. */
export const SECRET_FIELDS = ["password", "passwordConfirmation", "code"] as const;
