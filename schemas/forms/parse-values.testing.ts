import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod/mini";

/**
 * For the schema tests: values posted as a form, parsed as the actions parse them (conform's
 * `parseWithZod`, an empty field a missing one); the value, or each field's first message (the
 * one the form shows under it).
 */
export function parseValues<Schema extends z.ZodMiniType>(schema: Schema, values: Record<string, string>): { ok: true; value: z.output<Schema> } | { ok: false; errors: Record<string, string[]> } {
  const submission = parseWithZod(new URLSearchParams(values), { schema });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<Schema> };
  const errors = Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages?.[0] ? [[name, [messages[0]]] satisfies [string, string[]]] : []));
  return { ok: false, errors: Object.fromEntries(errors) };
}
