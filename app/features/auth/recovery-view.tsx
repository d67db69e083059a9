import { Form, Link, useActionData } from "@remix-run/react";
import { Countdown } from "~/components/form/countdown";
import { PasswordField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { recoveryPasswordSchema, recoveryStartSchema } from "#schemas/forms/auth";
import type { LineProfile } from "#schemas/forms/fields";
import { AuthCard, LineTypeSwitch } from "./auth-layout";
import { CodeForm, ResendForm } from "./code-form";
import type { RecoveryPage } from "./recovery.server";
import { loginUrl, RECOVERY_STEPS, recoveryUrl, type RecoveryStep } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

/** A flashed notice: its catalogue key and the values of its text. */
type Notice = { key: string; values: Record<string, string | number> };

/** /recuperacion: the step the URL names, or step 2's lockout while one runs. */
export function RecoveryView({ view }: { view: RecoveryPage }) {
  const notice: Notice | null = view.notice ? { key: view.notice, values: view.noticeValues ?? {} } : null;
  switch (view.step) {
    case 1:
      return <StartStep key={view.profile} profile={view.profile} exist={view.exist} notice={notice} />;
    case 2:
      return view.lockSeconds === null ? (
        <CodeStep profile={view.profile} phone={view.phone} notice={notice} />
      ) : (
        <LockView profile={view.profile} seconds={view.lockSeconds} notice={notice} />
      );
    case 3:
      return <PasswordStep profile={view.profile} notice={notice} />;
  }
}

function useStepLine(step: RecoveryStep) {
  const { t: message } = useTranslation(["common", "auth"]);
  return message("auth:recovery.step", { current: step, total: RECOVERY_STEPS });
}

/** The messages above a form: a flashed notice, then the action's answer. */
function Messages({ notice, answer }: { notice: Notice | null; answer: FormAnswer | undefined }) {
  const { t: message } = useTranslation(["common", "auth"]);
  return (
    <>
      {notice ? <FormMessage tone={notice.key === "auth:code.alreadySent" ? "info" : "success"}>{message(notice.key, notice.values)}</FormMessage> : null}
      {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
    </>
  );
}

/** Step 1: the Bait number twice (mbb), or the service number and the contact phone (hbb, mifi). */
function StartStep({ profile, exist, notice }: { profile: LineProfile; exist: boolean; notice: Notice | null }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const answer = useActionData<FormAnswer>();
  const schema = recoveryStartSchema(profile);
  const [form, fields] = useForm({ id: `recovery-start-${profile}`, lastResult: answer?.result, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const mbb = profile === "mbb";
  const labels: Record<string, string> = mbb
    ? { number: message("auth:fields.baitNumber"), confirmation: message("auth:fields.numberConfirmation") }
    : { serviceNumber: message("auth:fields.serviceNumber"), phone: message("auth:fields.phone") };

  return (
    <AuthCard title={message("auth:recovery.title")} step={useStepLine(1)} intro={message("auth:recovery.intro")}>
      <LineTypeSwitch current={profile} hrefFor={(type) => recoveryUrl(type, 1)} />
      <Form ref={markHydrated} method="post" action={recoveryUrl(profile, 1)} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {exist ? <FormMessage tone="warning">{message("auth:recovery.exist")}</FormMessage> : null}
        <Messages notice={notice} answer={answer} />
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        {mbb ? (
          <>
            <TextField field={fields.number} label={labels.number ?? ""} hint={message("auth:fields.baitNumberHint")} type="tel" autoComplete="tel-national" />
            <TextField field={fields.confirmation} label={labels.confirmation ?? ""} type="tel" autoComplete="off" />
          </>
        ) : (
          <>
            <TextField field={fields.serviceNumber} label={labels.serviceNumber ?? ""} hint={message("auth:fields.serviceNumberHint")} type="tel" autoComplete="off" />
            <TextField field={fields.phone} label={labels.phone ?? ""} hint={message("auth:fields.phoneHint")} type="tel" autoComplete="tel-national" />
          </>
        )}
        <SubmitButton>{message("auth:recovery.submit")}</SubmitButton>
      </Form>
      <div className="auth-card__links">
        <p>
          <Link to={loginUrl(profile)}>
            {message("auth:recovery.haveAccount")} {message("auth:recovery.login")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** 'Enviar nuevamente' for this line's recovery. */
function ResendButton({ profile }: { profile: LineProfile }) {
  const { t: message } = useTranslation(["common", "auth"]);
  return <ResendForm action={recoveryUrl(profile, 2)} label={message("auth:code.resend")} />;
}

/** Step 2: the 4-digit code sent by SMS. */
function CodeStep({ profile, phone, notice }: { profile: LineProfile; phone: string; notice: Notice | null }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const answer = useActionData<FormAnswer>();

  return (
    <AuthCard title={message("auth:recovery.codeTitle")} step={useStepLine(2)} intro={message("auth:recovery.codeIntro", { number: phone })}>
      <CodeForm id="recovery-code" action={recoveryUrl(profile, 2)} submitLabel={message("auth:recovery.submit")} labelledBy="auth-title">
        <Messages notice={notice} answer={answer} />
      </CodeForm>
      <div className="auth-card__links">
        <ResendButton profile={profile} />
        <p>
          <Link to={recoveryUrl(profile, 1)}>{message("auth:recovery.changeData")}</Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** Step 2 after too many codes (or a line that is locked already): the hour's countdown, then 'Enviar nuevamente'. */
function LockView({ profile, seconds, notice }: { profile: LineProfile; seconds: number; notice: Notice | null }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const answer = useActionData<FormAnswer>();
  return (
    <AuthCard title={message("auth:recovery.lockedTitle")} step={useStepLine(2)}>
      <div className="auth-lock">
        <Messages notice={notice} answer={answer} />
        <FormMessage tone="warning">{message("auth:recovery.locked")}</FormMessage>
        <Countdown seconds={seconds} refreshHref={recoveryUrl(profile, 2)} whenDone={<ResendButton profile={profile} />} />
      </div>
      <div className="auth-card__links">
        <p>
          <Link to={recoveryUrl(profile, 1)}>{message("auth:recovery.changeData")}</Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** Step 3: '¡Teléfono verificado!' and the new password twice. */
function PasswordStep({ profile, notice }: { profile: LineProfile; notice: Notice | null }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const answer = useActionData<FormAnswer>();
  const [form, fields] = useForm({ id: "recovery-password", lastResult: answer?.result, constraint: getZodConstraint(recoveryPasswordSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: recoveryPasswordSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = { password: message("auth:fields.newPassword"), passwordConfirmation: message("auth:fields.passwordConfirmation") };

  return (
    <AuthCard title={message("auth:recovery.verified")} step={useStepLine(3)} intro={message("auth:recovery.passwordIntro")}>
      <Form ref={markHydrated} method="post" action={recoveryUrl(profile, 3)} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        <Messages notice={notice} answer={answer} />
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        <PasswordField field={fields.password} label={labels.password} hint={message("auth:fields.passwordRule")} autoComplete="new-password" />
        <PasswordField field={fields.passwordConfirmation} label={labels.passwordConfirmation} autoComplete="new-password" />
        <SubmitButton>{message("auth:recovery.start")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

export default RecoveryView;
