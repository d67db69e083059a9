import { Form, Link, useActionData } from "@remix-run/react";
import { AlertDialog } from "~/components/alert-dialog";
import { CheckboxField, PasswordField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { passwordChangeSchema, profileDataSchema } from "#schemas/forms/profile";
import type { ProfileView as Profile } from "./profile.server";
import { PROFILE_PATH, REPLACEMENT_PATH, whatsappConfirmUrl } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

type Answer = FormAnswer;

/** The action's answer belongs to the form whose submit button (`intent`) was pressed; the other forms ignore it. */
const answerFor = (answer: Answer | undefined, intent: string) => (answer?.result?.initialValue?.intent === intent ? answer : undefined);

/** 'Actualizar Datos': the data form, the password (or the SSO server's pages), the WhatsApp opt-in. */
export function ProfileView({ view }: { view: Profile }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  const answer = useActionData<Answer>();
  return (
    <div className="page account-page profile-page">
      <h1 className="page-title">{message("profile:edit.title")}</h1>
      <p className="account-page__who">{message("profile:edit.line", { number: view.lineNumber })}</p>
      {view.notice ? (
        <FormMessage tone={view.notice.failed ? "error" : "success"}>{view.notice.text}</FormMessage>
      ) : null}
      <div className="profile-grid">
        <DataForm view={view} answer={answerFor(answer, "data")} />
        {view.sso ? <SsoLinks links={view.sso} /> : <PasswordForm answer={answerFor(answer, "password")} />}
        <WhatsappCard view={view} answer={answerFor(answer, "whatsapp")} />
        <KeptCardsCard cards={view.cards} answer={answerFor(answer, "forget-card")} />
        <section className="account-card" aria-labelledby="profile-more">
          <h2 id="profile-more">{message("profile:edit.moreTitle")}</h2>
          <div className="account-actions">
            <Link className="button button--secondary" to={REPLACEMENT_PATH}>
              {message("profile:edit.replacement")}
            </Link>
            <Link className="button button--ghost" to="/home">
              {message("profile:edit.home")}
            </Link>
          </div>
        </section>
      </div>
      {view.confirmWhatsapp ? (
        <AlertDialog
          type="answer"
          title={message("profile:whatsapp.confirmTitle")}
          message={message("profile:whatsapp.confirm", { number: view.lineNumber })}
          accept={{ label: message("profile:whatsapp.accept"), form: { action: PROFILE_PATH, intent: "whatsapp" } }}
          cancel={{ href: PROFILE_PATH }}
        />
      ) : null}
    </div>
  );
}

function DataForm({ view, answer }: { view: Profile; answer: Answer | undefined }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  const [form, fields] = useForm({ id: "profile-data", lastResult: answer?.result, defaultValue: { name: view.name, email: view.email, ...(view.allowNotifications ? { promotions: "on" } : {}) }, constraint: getZodConstraint(profileDataSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: profileDataSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = { name: message("auth:fields.name"), email: message("auth:fields.email") };
  return (
    <section className="account-card" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title">{message("profile:edit.dataTitle")}</h2>
      <p className="profile-page__intro">{message("profile:edit.intro")}</p>
      <Form ref={markHydrated} method="post" action={PROFILE_PATH} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form">
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        <TextField field={fields.name} label={labels.name} autoComplete="nickname" />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
        <CheckboxField field={fields.promotions} label={message("auth:fields.promotions")} />
        <SubmitButton name="intent" value="data">
          {message("profile:edit.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function PasswordForm({ answer }: { answer: Answer | undefined }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  const [form, fields] = useForm({ id: "profile-password", lastResult: answer?.result, constraint: getZodConstraint(passwordChangeSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = { currentPassword: message("profile:password.current"), password: message("auth:fields.newPassword"), passwordConfirmation: message("auth:fields.passwordConfirmation") };
  return (
    <section className="account-card" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">{message("profile:password.title")}</h2>
      <Form ref={markHydrated} method="post" action={PROFILE_PATH} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form">
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        <PasswordField field={fields.currentPassword} label={labels.currentPassword} autoComplete="current-password" />
        <PasswordField field={fields.password} label={labels.password} hint={message("auth:fields.passwordRule")} autoComplete="new-password" />
        <PasswordField field={fields.passwordConfirmation} label={labels.passwordConfirmation} autoComplete="new-password" />
        <SubmitButton name="intent" value="password">
          {message("profile:password.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function SsoLinks({ links }: { links: NonNullable<Profile["sso"]> }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  return (
    <section className="account-card" aria-labelledby="profile-sso-title">
      <h2 id="profile-sso-title">{message("profile:edit.ssoTitle")}</h2>
      <p>{message("profile:edit.ssoIntro")}</p>
      <div className="account-actions">
        <a className="button button--secondary" href={links.changePassword}>
          {message("profile:edit.ssoPassword")}
        </a>
        <a className="button button--secondary" href={links.updatePhone}>
          {message("profile:edit.ssoPhone")}
        </a>
        <a className="button button--ghost" href={links.deleteAccount}>
          {message("profile:edit.ssoDelete")}
        </a>
      </div>
    </section>
  );
}

function WhatsappCard({ view, answer }: { view: Profile; answer: Answer | undefined }) {
  const { t: message } = useTranslation(["common", "auth", "profile"]);
  return (
    <section className="account-card" aria-labelledby="profile-whatsapp-title">
      <h2 id="profile-whatsapp-title">{message("profile:whatsapp.title")}</h2>
      {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
      {view.whatsappOptIn ? (
        <p className="profile-page__on">{message("profile:whatsapp.subscribed")}</p>
      ) : (
        <>
          <p>{message("profile:whatsapp.intro")}</p>
          <Link className="button button--primary" to={whatsappConfirmUrl} preventScrollReset>
            {message("profile:whatsapp.subscribe")}
          </Link>
        </>
      )}
    </section>
  );
}

/**
 * The cards the payment provider keeps for the customer (docs/payment.md "Repeat with the kept
 * card"), each with 'Olvidar tarjeta', a plain form: the provider forgets it and the page says so.
 * A recurring recharge's card is forgotten by changing or cancelling that recharge.
 */
function KeptCardsCard({ cards, answer }: { cards: Profile["cards"]; answer: Answer | undefined }) {
  const { t: message } = useTranslation(["common", "profile"]);
  return (
    <section className="account-card" aria-labelledby="profile-cards-title" id="tarjetas">
      <h2 id="profile-cards-title">{message("profile:cards.title")}</h2>
      {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
      {cards === null ? (
        <FormMessage tone="error">{message("profile:cards.loadFailed")}</FormMessage>
      ) : cards.length === 0 ? (
        <p>{message("profile:cards.none")}</p>
      ) : (
        <>
          <p>{message("profile:cards.intro")}</p>
          {/* The site's list rows (as /factura's): each card's name beside its button, stacked on phones. */}
          <ul role="list" className="invoice-list">
            {cards.map((card) => (
              <li key={card.token} className="invoice-list__item">
                <strong>{card.label}</strong>
                {card.recurring ? (
                  <span>
                    {message("profile:cards.recurring")} <Link to="/recurrente">{message("profile:cards.recurringLink")}</Link>
                  </span>
                ) : (
                  <Form ref={markHydrated} method="post" action={PROFILE_PATH}>
                    <input type="hidden" name="keptCard" value={card.token} />
                    <button type="submit" name="intent" value="forget-card" className="button button--secondary button--small">
                      {message("profile:cards.forget")}
                      <span className="visually-hidden"> {card.label}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
