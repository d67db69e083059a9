import { Form, Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { CodeInput } from "~/components/form/code-input";
import { Countdown } from "~/components/form/countdown";
import { TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { TFunction as Translate } from "i18next";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FormField } from "~/components/form/field";
import { codeSchema, registerStartSchema } from "#schemas/forms/auth";
import { ICCID_PREFIX, type LineProfile } from "#schemas/forms/fields";
import { AuthCard, LineTypeSwitch, PrivacyNote } from "./auth-layout";
import type { RegisterView, RegistrationAnswer } from "./registration.server";
import { loginUrl, registerUrl } from "./urls";
import { useIccidCheck, type IccidStatus } from "./use-iccid-check";
import { markHydrated } from "~/components/hydration-mark";

const stepLine = (message: Translate, current: number) => message("auth:register.step", { current, total: 3 });

/** /registro: step 0 of a line type, its code step, or the lockout after too many wrong codes. */
export function RegistrationView({
  profile,
  view,
  notice,
  noticeValues,
  privacyUrl,
}: {
  profile: LineProfile;
  view: RegisterView;
  notice: string | null;
  /** The values of the notice's text ('Podrás pedir otro en 25 segundos'). */
  noticeValues?: Record<string, string | number>;
  privacyUrl: string;
}) {
  const { t: message } = useTranslation(["common", "auth"]);
  // The recovery's "register first" and a code already on its way are information; a code sent again is a success.
  const noticeBox = notice ? <FormMessage tone={notice === "auth:code.resent" ? "success" : "info"}>{message(notice, noticeValues)}</FormMessage> : null;
  switch (view.step) {
    case "code":
      return <CodeStep key={profile} profile={profile} phone={view.phone} notice={noticeBox} />;
    case "locked":
      return <LockedStep profile={profile} seconds={view.seconds} />;
    default:
      return <StartStep key={profile} profile={profile} notice={noticeBox} privacyUrl={privacyUrl} />;
  }
}

/** Step 0: the line (mbb: the Bait number twice; hbb, mifi: phone, e-mail, service number, ICCID). */
function StartStep({ profile, notice, privacyUrl }: { profile: LineProfile; notice: ReactNode; privacyUrl: string }) {
  const answer = useActionData<RegistrationAnswer>();
  const { t: message } = useTranslation(["common", "auth"]);
  const schema = registerStartSchema(profile);
  const [form, fields] = useForm({ id: `register-${profile}`, lastResult: answer?.result, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels: Record<string, string> =
    profile === "mbb"
      ? { number: message("auth:fields.baitNumber"), confirmation: message("auth:fields.numberConfirmation") }
      : { phone: message("auth:fields.phone"), email: message("auth:fields.email"), serviceNumber: message("auth:fields.serviceNumber"), iccid: message("auth:fields.iccid") };

  return (
    <AuthCard title={message("auth:register.heading")} step={stepLine(message, 1)} intro={message("auth:register.intro")}>
      <LineTypeSwitch current={profile} hrefFor={(type) => registerUrl(type)} />
      <Form ref={markHydrated} method="post" action={registerUrl(profile)} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {notice}
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        {profile === "mbb" ? (
          <>
            <TextField field={fields.number} label={labels.number!} hint={message("auth:fields.baitNumberHint")} type="tel" autoComplete="tel-national" />
            <TextField field={fields.confirmation} label={labels.confirmation!} type="tel" autoComplete="off" />
          </>
        ) : (
          <ServiceFields profile={profile} fields={fields} labels={labels} />
        )}
        <SubmitButton>{message("auth:register.submit")}</SubmitButton>
      </Form>
      <div className="auth-card__links">
        <p>
          {message("auth:register.haveAccount")} <Link to={loginUrl(profile)}>{message("auth:register.login")}</Link>
        </p>
      </div>
      <PrivacyNote href={privacyUrl} />
    </AuthCard>
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The home / portable internet fields, with the live ICCID check. */
function ServiceFields({ profile, fields, labels }: { profile: "hbb" | "mifi"; fields: Record<"phone" | "email" | "serviceNumber" | "iccid", FormField>; labels: Record<string, string> }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const iccid = useIccidCheck(profile, { iccid: text(fields.iccid.initialValue), serviceNumber: text(fields.serviceNumber.initialValue) });
  return (
    <>
      <TextField field={fields.phone} label={labels.phone!} hint={message("auth:fields.phoneHint")} type="tel" autoComplete="tel-national" />
      <TextField field={fields.email} label={labels.email!} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" />
      <TextField
        field={fields.serviceNumber}
        label={labels.serviceNumber!}
        hint={message("auth:fields.serviceNumberHint")}
        type="tel"
        autoComplete="off"
        onChange={(event) => iccid.onServiceNumberChange(event.currentTarget.value)}
      />
      <TextField
        field={fields.iccid}
        label={labels.iccid!}
        hint={message("auth:fields.iccidHint")}
        prefix={ICCID_PREFIX}
        autoComplete="off"
        inputMode="numeric"
        spellCheck={false}
        status={iccidStatusText(message, iccid.status, fields.iccid.errors?.[0])}
        onChange={(event) => iccid.onIccidChange(event.currentTarget.value)}
      />
      <details className="field__help">
        <summary>{message("auth:fields.iccidHelp")}</summary>
        <img src="/images/iccid-help.svg" alt={message("auth:fields.iccidHelpImage")} width={320} height={220} loading="lazy" />
      </details>
    </>
  );
}

/** The live check's line under the ICCID field; a refusal the field's error already says is not repeated. */
function iccidStatusText(message: Translate, status: IccidStatus, error: string | undefined) {
  switch (status?.kind) {
    case "checking":
      return message("auth:fields.iccidChecking");
    case "valid":
      return message("auth:fields.iccidValid");
    case "invalid":
      return status.message === error ? undefined : <span className="field__error">{status.message}</span>;
    default:
      return undefined;
  }
}

/** Step 1: the code sent by SMS, 'Verificar número', and 'Enviar nuevamente' in a form of its own. */
function CodeStep({ profile, phone, notice }: { profile: LineProfile; phone: string; notice: ReactNode }) {
  const answer = useActionData<RegistrationAnswer>();
  const { t: message } = useTranslation(["common", "auth"]);
  const codeAnswer = answer?.form === "resend" ? undefined : answer;
  const [form, fields] = useForm({ id: `register-code-${profile}`, lastResult: codeAnswer?.result, constraint: getZodConstraint(codeSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const action = registerUrl(profile, "code");
  return (
    <AuthCard title={message("auth:register.codeTitle")} step={stepLine(message, 2)} intro={message("auth:register.codeIntro", { number: phone })}>
      <Form ref={markHydrated} method="post" action={action} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {notice}
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={{ code: message("auth:code.label") }} show={Boolean(codeAnswer?.result?.error)} />
        <input type="hidden" name="intent" value="verify" />
        <CodeInput field={fields.code} label={message("auth:code.label")} hint={message("auth:code.hint")} />
        <SubmitButton name="intent" value="verify">
          {message("auth:register.verify")}
        </SubmitButton>
      </Form>
      <Form ref={markHydrated} method="post" action={action} className="auth-form auth-card__links" aria-label={message("auth:code.resend")}>
        <SubmitButton variant="secondary" name="intent" value="resend">
          {message("auth:code.resend")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** The lockout after too many wrong codes: the time left, then 'Enviar nuevamente'. */
function LockedStep({ profile, seconds }: { profile: LineProfile; seconds: number }) {
  const answer = useActionData<RegistrationAnswer>();
  const { t: message } = useTranslation(["common", "auth"]);
  const action = registerUrl(profile, "code");
  return (
    <AuthCard title={message("auth:register.lockedTitle")} step={stepLine(message, 2)}>
      <div className="auth-lock">
        <FormMessage tone="warning">{message("auth:register.locked")}</FormMessage>
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <Countdown
          seconds={seconds}
          refreshHref={action}
          whenDone={
            <Form ref={markHydrated} method="post" action={action} className="auth-form">
              <SubmitButton name="intent" value="resend">
                {message("auth:code.resend")}
              </SubmitButton>
            </Form>
          }
        />
      </div>
    </AuthCard>
  );
}

export default RegistrationView;
