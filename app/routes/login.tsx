import { useForm } from "@conform-to/react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import { PasswordField, TextField } from "~/components/form/field";
import { RouteError } from "~/components/route-error";
import { AuthCard, LineTypeSwitch, PrivacyNote } from "~/features/auth/auth-layout";
import type { FormAnswer } from "~/lib/form-answer.server";
import { loginAction } from "~/features/auth/login.server";
import { loginUrl, recoveryUrl, registerUrl } from "~/features/auth/urls";
import { getSite } from "~/lib/config/config.server";
import { parseForm } from "~/lib/forms";
import "~/lib/i18n/catalogues-auth";
import { useMessages } from "~/lib/i18n/react";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { requireGuest } from "~/lib/session.server";
import { loginSchema } from "#schemas/forms/auth";
import { profileOf } from "#schemas/forms/fields";
import { login as loginTexts } from "#locales/es-MX/auth.json";
import { takeNotice } from "~/lib/notice.server";

registerCatalogue("auth", { login: loginTexts });
const t = createTranslator("auth");

export const meta: MetaFunction = () => [{ title: t("login.title") }, { name: "description", content: t("login.intro") }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const { notice, headers } = await takeNotice(request);
  return data(
    { profile: profileOf(new URL(request.url).searchParams.get("type")), notice, privacyUrl: getSite().privacyNoticeUrl },
    { headers: { ...headers, "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request);
  return loginAction(request, context);
}

export default function LoginPage() {
  const { profile, notice, privacyUrl } = useLoaderData<typeof loader>();
  const answer = useActionData<FormAnswer>();
  const message = useMessages();
  const [form, fields] = useForm({
    id: `login-${profile}`,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, loginSchema(profile)),
  });
  const numberLabel = message(profile === "mbb" ? "auth:fields.baitNumber" : "auth:fields.serviceNumber");

  return (
    <AuthCard title={message("auth:login.title")} intro={message("auth:login.intro")}>
      <LineTypeSwitch current={profile} hrefFor={loginUrl} />
      <Form method="post" action={loginUrl(profile)} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {notice ? <FormMessage tone={notice.endsWith("Failed") ? "error" : "success"}>{message(notice)}</FormMessage> : null}
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={{ number: numberLabel, password: message("auth:fields.password") }} show={Boolean(answer?.result?.error)} />
        <TextField
          field={fields.number}
          label={numberLabel}
          hint={message(profile === "mbb" ? "auth:fields.baitNumberHint" : "auth:fields.serviceNumberHint")}
          type="tel"
          inputMode="numeric"
          autoComplete={profile === "mbb" ? "tel-national" : "off"}
          maxLength={12}
        />
        <PasswordField field={fields.password} label={message("auth:fields.password")} autoComplete="current-password" />
        <SubmitButton>{message("auth:login.submit")}</SubmitButton>
      </Form>
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

export const ErrorBoundary = RouteError;
