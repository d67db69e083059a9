import { Form, Link, useActionData } from "@remix-run/react";
import { Countdown } from "~/components/form/countdown";
import { SelectField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ICCID_PREFIX, ICCID_TYPED_LENGTH } from "#schemas/forms/fields";
import { replacementReasons, replacementSchema } from "#schemas/forms/profile";
import { CodeForm, ResendForm } from "~/features/auth/code-form";
import type { ReplacementView as Replacement } from "./replacement.server";
import { PROFILE_PATH, replacementUrl } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

/** /reposicion-sim: the step the URL names (docs/profile.md). */
export function ReplacementView({ view }: { view: Replacement }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  return (
    <div className="page account-page replacement-page">
      <h1 className="page-title">{message("profile:replacement.title")}</h1>
      <p className="account-page__who">
        {message("profile:replacement.line")}: <strong>{view.lineNumber}</strong> · {message("profile:replacement.step", { current: view.step })}
      </p>
      <section className="account-card replacement-card" aria-labelledby="replacement-step-title">
        {view.step === 1 ? <StartStep view={view} /> : null}
        {view.step === 2 ? view.lockSeconds === null ? <CodeStep view={view} /> : <LockStep view={view} /> : null}
        {view.step === 3 ? <DoneStep view={view} /> : null}
      </section>
    </div>
  );
}

function Messages({ notice, answer }: { notice: string | null; answer: FormAnswer | undefined }) {
  return (
    <>
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
    </>
  );
}

function StartStep({ view }: { view: Extract<Replacement, { step: 1 }> }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  const answer = useActionData<FormAnswer>();
  const [form, fields] = useForm({ id: "replacement-start", lastResult: answer?.result, defaultValue: { email: view.email }, constraint: getZodConstraint(replacementSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: replacementSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = { iccid: message("profile:replacement.newIccid"), email: message("profile:replacement.email"), reason: message("profile:replacement.reason") };
  const reasons = [{ value: "", label: message("profile:replacement.reasonChoose") }, ...replacementReasons.map((reason) => ({ value: reason, label: message(`profile:replacement.reasons.${reason}`) }))];
  return (
    <>
      <h2 id="replacement-step-title">{message("profile:replacement.title")}</h2>
      <p className="profile-page__intro">{message("profile:replacement.intro")}</p>
      {view.lineStatus ? (
        <FormMessage tone="warning">
          {message("profile:replacement.lineStatus")}: {view.lineStatus}
        </FormMessage>
      ) : null}
      <Form ref={markHydrated} method="post" action={replacementUrl(1)} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form">
        <Messages notice={view.notice} answer={answer} />
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        <TextField
          field={fields.iccid}
          label={labels.iccid}
          hint={message("auth:fields.iccidHint")}
          prefix={ICCID_PREFIX}
          type="text"
          autoComplete="off"
          mask={{ maxLength: ICCID_TYPED_LENGTH, inputMode: "numeric" }}
        />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
        <SelectField field={fields.reason} label={labels.reason} options={reasons} defaultValue={fields.reason.initialValue ?? ""} />
        <SubmitButton>{message("profile:replacement.submit")}</SubmitButton>
      </Form>
      <p className="replacement-card__back">
        <Link to={PROFILE_PATH}>{message("profile:edit.title")}</Link>
      </p>
    </>
  );
}

function ResendButton() {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  return <ResendForm action={replacementUrl(2)} label={message("profile:replacement.resend")} />;
}

function CodeStep({ view }: { view: Extract<Replacement, { step: 2 }> }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  const answer = useActionData<FormAnswer>();
  return (
    <>
      <h2 id="replacement-step-title">{message("profile:replacement.codeTitle")}</h2>
      <p className="profile-page__intro">{message("profile:replacement.codeIntro", { number: view.lineNumber })}</p>
      <CodeForm id="replacement-code" action={replacementUrl(2)} submitLabel={message("profile:replacement.verify")}>
        <Messages notice={view.notice} answer={answer} />
      </CodeForm>
      <div className="auth-card__links">
        <ResendButton />
        <p>
          <Link to={replacementUrl(1)}>{message("profile:replacement.startOver")}</Link>
        </p>
      </div>
    </>
  );
}

function LockStep({ view }: { view: Extract<Replacement, { step: 2 }> }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  return (
    <>
      <h2 id="replacement-step-title">{message("profile:replacement.lockedTitle")}</h2>
      <div className="auth-lock">
        {view.notice ? <FormMessage tone="info">{view.notice}</FormMessage> : null}
        <FormMessage tone="warning">{message("profile:replacement.locked")}</FormMessage>
        <Countdown seconds={view.lockSeconds ?? 0} refreshHref={replacementUrl(2)} whenDone={<ResendButton />} />
      </div>
    </>
  );
}

function DoneStep({ view }: { view: Extract<Replacement, { step: 3 }> }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  return (
    <>
      <h2 id="replacement-step-title">{message("profile:replacement.doneTitle")}</h2>
      <FormMessage tone="success">{message("profile:replacement.done", { number: view.lineNumber, iccid: view.iccid })}</FormMessage>
      <div className="account-actions">
        <Link className="button button--primary" to="/home">
          {message("profile:edit.home")}
        </Link>
      </div>
    </>
  );
}
