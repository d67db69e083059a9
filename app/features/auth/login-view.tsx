import { Form, Link, useActionData } from "@remix-run/react";
import { PasswordField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { loginSchema } from "#schemas/forms/auth";
import type { LineProfile } from "#schemas/forms/fields";
import { AuthCard, LineTypeSwitch, PrivacyNote } from "./auth-layout";
import { loginUrl, recoveryUrl, registerUrl, SSO_PATH } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

/**
 * /login: the line's number and the password, for the line type in `?type=`; and, when the sso
 * flag covers the visitor (`sso`), the entry to single sign-on (a plain link to /sso).
 */
export function LoginView({ profile, notice, privacyUrl, sso = false }: { profile: LineProfile; notice: string | null; privacyUrl: string; sso?: boolean }) {
  const answer = useActionData<FormAnswer>();
  const { t: message } = useTranslation(["common", "auth"]);
  const schema = loginSchema(profile);
  const [form, fields] = useForm({ id: `login-${profile}`, lastResult: answer?.result, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const numberLabel = message(profile === "mbb" ? "auth:fields.baitNumber" : "auth:fields.serviceNumber");

  return (
    <AuthCard title={message("auth:login.title")} intro={message("auth:login.intro")}>
      <LineTypeSwitch current={profile} hrefFor={loginUrl} />
      <Form ref={markHydrated} method="post" action={loginUrl(profile)} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {notice ? <FormMessage tone={notice.endsWith("Failed") ? "error" : "success"}>{message(notice)}</FormMessage> : null}
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={{ number: numberLabel, password: message("auth:fields.password") }} show={Boolean(answer?.result?.error)} />
        <TextField
          field={fields.number}
          label={numberLabel}
          hint={message(profile === "mbb" ? "auth:fields.baitNumberHint" : "auth:fields.serviceNumberHint")}
          type="tel"
          autoComplete={profile === "mbb" ? "tel-national" : "off"}
        />
        <PasswordField field={fields.password} label={message("auth:fields.password")} autoComplete="current-password" />
        <SubmitButton>{message("auth:login.submit")}</SubmitButton>
      </Form>
      {sso ? (
        <div className="auth-card__sso">
          <p>{message("auth:login.ssoEntry")}</p>
          <a className="button button--secondary button--block" href={SSO_PATH}>
            {message("auth:login.sso")}
          </a>
        </div>
      ) : null}
      <div className="auth-card__links">
        <p>
          <Link to={recoveryUrl(profile)}>{message("auth:login.forgot")}</Link>
        </p>
        <p>
          {message("auth:login.noAccount")} <Link to={registerUrl(profile)}>{message("auth:login.register")}</Link>
        </p>
      </div>
      <PrivacyNote href={privacyUrl} />
    </AuthCard>
  );
}

export default LoginView;
