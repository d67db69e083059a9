import { useForm } from "@conform-to/react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, PasswordField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import { RouteError } from "~/components/route-error";
import { AuthCard, PrivacyNote } from "~/features/auth/auth-layout";
import { COMPLETE_REGISTRATION_PATH } from "~/features/auth/urls";
import { completeAction, completePage, type RegistrationAnswer } from "~/features/auth/registration.server";
import { getSite } from "~/lib/config/config.server";
import { parseForm } from "~/lib/forms";
import "~/lib/i18n/catalogues-auth";
import { useMessages } from "~/lib/i18n/react";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { requireGuest } from "~/lib/session.server";
import { completeRegistration as completeTexts, register as registerTexts } from "#locales/es-MX/auth.json";
import { completeRegistrationSchema } from "#schemas/forms/auth";

// This page's texts, and the registration's (the step line, the e-mail errors the schema shares).
registerCatalogue("auth", { completeRegistration: completeTexts, register: registerTexts });
const t = createTranslator("auth");

export const meta: MetaFunction = () => [{ title: t("completeRegistration.title") }, { name: "description", content: t("completeRegistration.intro") }];

/** A verified registration is nobody else's: every answer is private and not kept. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const { headers, ...page } = await completePage(request);
  return data({ ...page, privacyUrl: getSite().privacyNoticeUrl }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  return completeAction(request);
}

/** '¡Teléfono Verificado!' (SPEC §2): name or alias, e-mail, the new password twice, promotions. */
export default function CompleteRegistrationPage() {
  const { email, privacyUrl } = useLoaderData<typeof loader>();
  const answer = useActionData<RegistrationAnswer>();
  const message = useMessages();
  const [form, fields] = useForm({
    id: "complete-registration",
    lastResult: answer?.result,
    defaultValue: { email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, completeRegistrationSchema),
  });
  const labels = {
    name: message("auth:fields.name"),
    email: message("auth:fields.email"),
    password: message("auth:fields.newPassword"),
    passwordConfirmation: message("auth:fields.passwordConfirmation"),
  };

  return (
    <AuthCard title={message("auth:completeRegistration.title")} step={message("auth:register.step", { current: 3, total: 3 })} intro={message("auth:completeRegistration.intro")}>
      <Form method="post" action={COMPLETE_REGISTRATION_PATH} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
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
        {/* The fields one by one: conform's fieldset is a Proxy whose keys the summary cannot list. */}
        <ErrorSummary fields={{ name: fields.name, email: fields.email, password: fields.password, passwordConfirmation: fields.passwordConfirmation }} labels={labels} show={Boolean(answer?.result?.error)} />
        <TextField field={fields.name} label={labels.name} autoComplete="nickname" maxLength={60} />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" maxLength={80} />
        <PasswordField field={fields.password} label={labels.password} hint={message("auth:fields.passwordRule")} autoComplete="new-password" />
        <PasswordField field={fields.passwordConfirmation} label={labels.passwordConfirmation} autoComplete="new-password" />
        <CheckboxField field={fields.promotions} label={message("auth:fields.promotions")} />
        <SubmitButton>{message("auth:completeRegistration.submit")}</SubmitButton>
      </Form>
      <PrivacyNote href={privacyUrl} />
    </AuthCard>
  );
}

export const ErrorBoundary = RouteError;
