import { Form } from "@remix-run/react";
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { ErrorSummary, SubmitButton } from "~/components/form/form-messages";
import type { FormField } from "~/components/form/field";
import { markHydrated } from "./hydration-mark";

/** A tool's section (/cobertura, /compatibilidad, /cambio-nir): its heading (`<id>-title`), its intro, then the tool. */
export function ToolSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section ref={markHydrated} className="block tool" aria-labelledby={`${id}-title`}>
      <h2 className="block__title" id={`${id}-title`}>
        {title}
      </h2>
      <p className="tool__intro">{intro}</p>
      {children}
    </section>
  );
}

/**
 * A lookup's GET form (the answer is a link, so it needs no JavaScript): the error summary, the
 * fields (`children`) and the submit button.
 */
export function LookupForm<Schema extends Record<string, unknown>>({
  form,
  action,
  fields,
  labels,
  submitLabel,
  children,
}: {
  /** The form of conform's `useForm`: its id, submit handler and status. */
  form: FormMetadata<Schema, string[]>;
  action: string;
  fields: Record<string, FormField>;
  labels: Record<string, string>;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form ref={markHydrated} method="get" action={action} {...getFormProps(form)} className="tool__form tool__form--inline" preventScrollReset>
      <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
      {children}
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
