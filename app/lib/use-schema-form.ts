import { useState, type FocusEvent, type FormEvent } from "react";
import type * as z from "zod/mini";
import { formConstraints, type FieldConstraint } from "./form-constraints";
import { formValues, validateValues, type FieldErrors } from "./form-validation";

/** What an action answered about the form (conform's submission result, read structurally). */
export type FormResult = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null } | undefined;

/** What the form components read of a field: its ids (`${formId}-${name}`), errors, the value sent, and what its schema implies. */
export type FieldMeta = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: string;
  constraint: FieldConstraint;
};

const errorsOf = (result: FormResult): FieldErrors => {
  const out: FieldErrors = {};
  for (const [name, errors] of Object.entries(result?.error ?? {})) if (errors?.length) out[name] = errors;
  return out;
};

/**
 * The one way a form validates in the browser: with its zod/mini schema, the same schema and
 * messages as the action (which parses with conform's server side, app/lib/forms.ts; conform's
 * React side would cost ~10 KB gzip of the pages' JavaScript budgets), the same field ids.
 * Validates on submit, then each field again as it is edited (`onInput`; `onBlur` also checks a
 * field left with something typed in it, for forms that want it); shows the server's answer
 * (field errors and the values sent) after a round trip, so a field the server refused (a line
 * that cannot be recharged) keeps its message until it is edited. Each field carries the
 * attributes its schema implies (app/lib/form-constraints.ts).
 */
export function useSchemaForm<Schema extends z.ZodMiniType, const Name extends string>({
  id,
  schema,
  lastResult,
  fields,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult: FormResult;
  fields: readonly Name[];
  /** The values a field starts with before any answer (the e-mail the customer gave already). */
  defaultValue?: Partial<Record<Name, string>>;
}) {
  const [answer, setAnswer] = useState(lastResult);
  const [errors, setErrors] = useState<FieldErrors>(() => errorsOf(lastResult));
  const [submitted, setSubmitted] = useState(Boolean(lastResult));
  if (answer !== lastResult) {
    // A new answer from the server replaces what the browser found.
    setAnswer(lastResult);
    setErrors(errorsOf(lastResult));
    setSubmitted(true);
  }

  const check = (form: HTMLFormElement) => {
    const result = validateValues(schema, formValues(new FormData(form)));
    return result.ok ? {} : result.errors;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check(event.currentTarget);
    setErrors(found);
    setSubmitted(true);
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    // The first field with an error takes the focus; a form that shows the error summary then
    // hands it to the summary, which takes it once it renders.
    const first = [...event.currentTarget.elements].find((element): element is HTMLInputElement => "name" in element && typeof element.name === "string" && element.name in found);
    first?.focus();
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!submitted || !(fields as readonly string[]).includes(name)) return;
    const found = check(event.currentTarget);
    setErrors((now) => {
      const next = { ...now };
      if (found[name]) next[name] = found[name]!;
      else delete next[name];
      return next;
    });
  };

  /** A field left with something typed in it is checked at once (the card form's "invalid on blur turns red"). */
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    const name = target.name;
    if (!name || !target.value || !(fields as readonly string[]).includes(name)) return;
    const found = check(event.currentTarget);
    setErrors((now) => {
      const next = { ...now };
      if (found[name]) next[name] = found[name]!;
      else delete next[name];
      return next;
    });
  };

  const initial: Record<string, unknown> = lastResult?.initialValue ?? defaultValue ?? {};
  const constraints = formConstraints(schema);
  const meta = Object.fromEntries(
    fields.map((name): [Name, FieldMeta] => {
      const value = initial[name];
      return [
        name,
        { id: `${id}-${name}`, name, formId: id, errorId: `${id}-${name}-error`, errors: errors[name], initialValue: typeof value === "string" ? value : undefined, constraint: constraints[name] ?? { required: false } },
      ];
    }),
  ) as Record<Name, FieldMeta>;
  return { form: { id, onSubmit, onInput, onBlur, submitted, hasErrors: Object.keys(errors).length > 0 }, fields: meta };
}
