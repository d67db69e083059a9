import { Form, useActionData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { CodeInput } from "~/components/form/code-input";
import { ErrorSummary, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { codeSchema } from "#schemas/forms/auth";
import { markHydrated } from "~/components/hydration-mark";

/**
 * The form of a code sent by SMS (a password recovery, a SIM replacement): the messages above it
 * (`children`), the error summary, the code's cells and the submit button (intent `verify`).
 * Every answer (a wrong code) empties the cells: the code is never sent back.
 */
export function CodeForm({ id, action, submitLabel, labelledBy, children }: { id: string; action: string; submitLabel: string; labelledBy?: string; children: ReactNode }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const answer = useActionData<FormAnswer>();
  const [form, fields] = useForm({ id, lastResult: answer?.result, constraint: getZodConstraint(codeSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const [round, setRound] = useState(0);
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer) setRound(round + 1);
  }
  return (
    <Form ref={markHydrated} method="post" action={action} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby={labelledBy}>
      {children}
      <ErrorSummary fields={fields} labels={{ code: message("auth:code.label") }} show={Boolean(answer?.result?.error)} />
      <CodeInput key={round} field={fields.code} label={message("auth:code.label")} hint={message("auth:code.hint")} />
      <SubmitButton name="intent" value="verify">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

/** 'Enviar nuevamente': its own small form, so it never carries (or validates) the code. */
export function ResendForm({ action, label }: { action: string; label: string }) {
  return (
    <Form ref={markHydrated} method="post" action={action} className="auth-form">
      <SubmitButton name="intent" value="resend" variant="secondary">
        {label}
      </SubmitButton>
    </Form>
  );
}
