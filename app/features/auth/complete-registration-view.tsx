import { Form, Link, useActionData } from "@remix-run/react";
import { CheckboxField, PasswordField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { completeRegistrationSchema } from "#schemas/forms/auth";
import { AuthCard, PrivacyNote } from "./auth-layout";
import type { RegistrationAnswer } from "./registration.server";
import { COMPLETE_REGISTRATION_PATH } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

/** '¡Teléfono Verificado!' (docs/accounts.md): name or alias, e-mail, the new password twice, promotions. */
export function CompleteRegistrationView({ email, privacyUrl }: { email: string; privacyUrl: string }) {
  const answer = useActionData<RegistrationAnswer>();
  const { t: message } = useTranslation(["common", "auth"]);
  const [form, fields] = useForm({ id: "complete-registration", lastResult: answer?.result, defaultValue: { email }, constraint: getZodConstraint(completeRegistrationSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: completeRegistrationSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = {
    name: message("auth:fields.name"),
    email: message("auth:fields.email"),
    password: message("auth:fields.newPassword"),
    passwordConfirmation: message("auth:fields.passwordConfirmation"),
  };

  return (
    <AuthCard title={message("auth:completeRegistration.title")} step={message("auth:register.step", { current: 3, total: 3 })} intro={message("auth:completeRegistration.intro")}>
      <Form ref={markHydrated} method="post" action={COMPLETE_REGISTRATION_PATH} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {answer?.message ? (
          <FormMessage tone={answer.message.tone}>
            <p>{answer.message.text}</p>
            {answer.restart ? (
              <p>
                <Link to={answer.restart}>{message("auth:completeRegistration.restart")}</Link>
              </p>
            ) : null}
          </FormMessage>
        ) : null}
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        <TextField field={fields.name} label={labels.name} autoComplete="nickname" />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" />
        <PasswordField field={fields.password} label={labels.password} hint={message("auth:fields.passwordRule")} autoComplete="new-password" />
        <PasswordField field={fields.passwordConfirmation} label={labels.passwordConfirmation} autoComplete="new-password" />
        <CheckboxField field={fields.promotions} label={message("auth:fields.promotions")} />
        <SubmitButton>{message("auth:completeRegistration.submit")}</SubmitButton>
      </Form>
      <PrivacyNote href={privacyUrl} />
    </AuthCard>
  );
}
