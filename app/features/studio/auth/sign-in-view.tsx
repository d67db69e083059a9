import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { studioConfirmSchema, studioSignInSchema } from "#schemas/forms/studio-auth";
import type { FormField } from "~/components/form/field";
import { FormMessage, SubmitButton } from "~/components/form/form-messages";
import { useHydrated } from "~/components/use-hydrated";
import type { FormAnswer } from "~/lib/form-answer.server";
import { AuthCard } from "~/features/auth/auth-layout";
import { errorText, fill, type StudioAuthTexts } from "./texts";
import { CONFIRM_STEP, STUDIO_HOME_PATH, STUDIO_SIGN_IN_PATH, STUDIO_SIGN_OUT_PATH } from "./urls";
import type { StudioSignInData } from "./sign-in.server";
import { markHydrated } from "~/components/hydration-mark";

/**
 * /estudio/entrar (docs/studio.md "Accounts and roles"): the staff's sign-in, in the site's account card
 * and form classes, marked as the studio's; the password again before publishing (`confirm`);
 * or, for whoever is signed in already, who they are and the sign-out. Its texts come with the
 * loader's data (./texts.ts says why), errors included. Every form works without JavaScript; with
 * it, conform checks the fields with the action's own schema before sending.
 */
export function StudioSignInView(props: StudioSignInData) {
  if (props.step === "signedIn") return <SignedIn {...props} />;
  return props.step === "confirm" ? <ConfirmForm {...props} /> : <SignInForm {...props} />;
}

export default StudioSignInView;

/**
 * The password field, emptied when the action refuses the form (a wrong password, the limit): as
 * without JavaScript, where the page comes back with an empty field, nothing typed stays in it.
 */
function usePasswordCleared(answer: FormAnswer | undefined) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer?.message && ref.current) ref.current.value = "";
  }, [answer]);
  return ref;
}

/** conform's options for both forms: the schema checks on submit, then on every input. */
const formOptions = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

function SignInForm({ texts, volver, notice }: StudioSignInData) {
  const answer = useActionData<FormAnswer>();
  const [form, fields] = useForm({
    id: "studio-sign-in",
    lastResult: answer?.result,
    constraint: getZodConstraint(studioSignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: studioSignInSchema }),
    ...formOptions,
  });
  const passwordRef = usePasswordCleared(answer);
  return (
    <AuthCard title={texts.signIn.title} step={texts.label} intro={texts.signIn.intro}>
      <Form ref={markHydrated} method="post" action={STUDIO_SIGN_IN_PATH} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
        <FormTop texts={texts} answer={answer} fields={[fields.email, fields.password]} volver={volver} />
        <InputField texts={texts} field={fields.email} label={texts.fields.email} type="email" autoComplete="username" />
        <PasswordInput texts={texts} field={fields.password} inputRef={passwordRef} />
        <SubmitButton>{texts.signIn.submit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

function ConfirmForm({ texts, volver, account }: StudioSignInData) {
  const answer = useActionData<FormAnswer>();
  const [form, fields] = useForm({
    id: "studio-confirm",
    lastResult: answer?.result,
    constraint: getZodConstraint(studioConfirmSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: studioConfirmSchema }),
    ...formOptions,
  });
  const passwordRef = usePasswordCleared(answer);
  return (
    <AuthCard title={texts.confirm.title} step={texts.label} intro={fill(texts.confirm.intro, { email: account?.email ?? "" })}>
      <Form ref={markHydrated} method="post" action={`${STUDIO_SIGN_IN_PATH}?paso=${CONFIRM_STEP}`} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form" aria-labelledby="auth-title">
        <FormTop texts={texts} answer={answer} fields={[fields.password]} volver={volver} />
        <PasswordInput texts={texts} field={fields.password} inputRef={passwordRef} />
        <SubmitButton>{texts.confirm.submit}</SubmitButton>
      </Form>
      <div className="auth-card__links">
        <p>
          <Link to={STUDIO_HOME_PATH}>{texts.confirm.cancel}</Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** What every form starts with: the action's message, the error summary, where to go afterwards. */
function FormTop({ texts, answer, fields, volver }: { texts: StudioAuthTexts; answer: FormAnswer | undefined; fields: FormField[]; volver: string }) {
  return (
    <>
      {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
      <ErrorSummary texts={texts} fields={fields} labels={{ email: texts.fields.email, password: texts.fields.password }} show={Boolean(answer?.result?.error)} />
      <input type="hidden" name="volver" value={volver} />
    </>
  );
}

function SignedIn({ texts, volver, account }: StudioSignInData) {
  return (
    <AuthCard title={texts.signedIn.title} step={texts.label} intro={account ? fill(texts.signedIn.text, { email: account.email, role: texts.roles[account.role] }) : undefined}>
      <div className="auth-card__actions">
        <Link to={volver} className="button button--primary button--block">
          {texts.signedIn.go}
        </Link>
        <Form ref={markHydrated} method="post" action={STUDIO_SIGN_OUT_PATH}>
          <button type="submit" className="button button--secondary button--block">
            {texts.signedIn.signOut}
          </button>
        </Form>
      </div>
    </AuthCard>
  );
}

/**
 * The site's error summary (app/components/form/form-messages.tsx), with the studio's texts: after
 * a post with errors, a box lists them, each a link to its field, and takes the focus.
 */
function ErrorSummary({ texts, fields, labels, show }: { texts: StudioAuthTexts; fields: FormField[]; labels: Record<string, string>; show: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const errors = fields.flatMap((field) => (field.errors?.[0] ? [{ id: field.id, name: field.name, text: `${labels[field.name] ?? ""}: ${errorText(texts, field.errors[0])}` }] : []));
  const key = errors.map((error) => error.text).join("|");
  useEffect(() => {
    if (show && key) ref.current?.focus();
  }, [show, key]);
  if (!show || errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="studio-error-summary-title">
      <h2 className="error-summary__title" id="studio-error-summary-title">
        {texts.errors.summary}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.name}>
            <a href={`#${error.id}`}>{error.text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The site's field markup (app/components/form/field.tsx): label, the error tied to the input by aria-describedby, the input. */
function InputField({
  texts,
  field,
  label,
  type,
  autoComplete,
  after,
  inputRef,
}: {
  texts: StudioAuthTexts;
  field: FormField;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: "username" | "current-password";
  after?: ReactNode;
  inputRef?: RefObject<HTMLInputElement>;
}) {
  const error = field.errors?.[0];
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {error ? (
        <p className="field__error" id={field.errorId}>
          {errorText(texts, error)}
        </p>
      ) : null}
      <div className="field__control">
        <input
          ref={inputRef}
          id={field.id}
          name={field.name}
          form={field.formId}
          type={type}
          autoComplete={autoComplete}
          required={field.required ?? false}
          maxLength={field.maxLength}
          defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field.errorId : undefined}
          className="field__input"
        />
        {after}
      </div>
    </div>
  );
}

/** The password; with JavaScript, a button shows and hides what was typed (as the site's PasswordField). */
function PasswordInput({ texts, field, inputRef }: { texts: StudioAuthTexts; field: FormField; inputRef: RefObject<HTMLInputElement> }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <InputField
      texts={texts}
      field={field}
      label={texts.fields.password}
      type={visible ? "text" : "password"}
      autoComplete="current-password"
      inputRef={inputRef}
      after={
        hydrated ? (
          <button type="button" className="field__toggle" aria-pressed={visible} aria-controls={field.id} onClick={() => setVisible((shown) => !shown)}>
            {visible ? texts.fields.hidePassword : texts.fields.showPassword}
          </button>
        ) : null
      }
    />
  );
}
