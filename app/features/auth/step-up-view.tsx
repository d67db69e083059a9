import { Form, Link, useActionData } from "@remix-run/react";
import { PasswordField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { stepUpSchema } from "#schemas/forms/step-up";
import { AuthCard } from "./auth-layout";
import { ACCOUNT_HOME_PATH, stepUpUrl } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

/** /confirmar-identidad: the password again before a change to the line; then back to the page. */
export function StepUpView({ lineNumber, back }: { lineNumber: string; back: string }) {
  const answer = useActionData<FormAnswer>();
  const { t: message } = useTranslation(["common", "auth"]);
  const [form, fields] = useForm({ id: "step-up", lastResult: answer?.result, constraint: getZodConstraint(stepUpSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: stepUpSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });

  return (
    <AuthCard title={message("auth:stepUp.title")} intro={message("auth:stepUp.intro", { number: lineNumber })}>
      <Form ref={markHydrated} method="post" action={stepUpUrl(back)} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={{ password: message("auth:fields.password") }} show={Boolean(answer?.result?.error)} />
        <PasswordField field={fields.password} label={message("auth:fields.password")} autoComplete="current-password" />
        <SubmitButton>{message("auth:stepUp.submit")}</SubmitButton>
      </Form>
      <div className="auth-card__links">
        <p>
          <Link to={ACCOUNT_HOME_PATH}>{message("auth:stepUp.cancel")}</Link>
        </p>
      </div>
    </AuthCard>
  );
}
