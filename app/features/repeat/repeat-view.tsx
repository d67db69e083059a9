import { Form, Link, useNavigation } from "@remix-run/react";
import { useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "~/components/form/form-messages";
import { SummaryList } from "~/components/summary-list";
import { NonceContext, useHydrated } from "~/components/use-hydrated";
import type { CheckoutAnswer } from "~/features/payment/checkout-data";
import { useStepFocus } from "~/features/payment/use-step-focus";
import { CvvField } from "./cvv-field";
import type { RepeatData } from "./repeat.server";
import { markHydrated } from "~/components/hydration-mark";

type Ready = Extract<RepeatData, { ok: true }>;

/**
 * The CSP nonce for the pay button's <style>: this response's while rendering on the server (the
 * rendering's context, ~/components/nonce; never loader data, which the page's script can read
 * back), and in the browser the one the document's scripts carry (readable as their `nonce`
 * property), so a <style> created by a client-side navigation is allowed too.
 */
function useStyleNonce(): string {
  const server = useContext(NonceContext);
  if (typeof document === "undefined") return server;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/**
 * 'Recargar de nuevo' (docs/payment.md "Repeat with the kept card"): the recharge, the line, the
 * kept card as 'Visa •••• 1111' and one button, 'Pagar $150.00'. The heading of what is being
 * paid takes the focus when the page opens; an answer (a decline, the provider's refusal) takes it
 * after a post. Without JavaScript everything works but a security code the provider asks on its
 * own field, which says so.
 */
export function RepeatView({ repeat, answer }: { repeat: RepeatData; answer?: CheckoutAnswer }) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <div className="page repeat-page">
      <h1 className="page-title">{message("payment:repeat.title")}</h1>
      {repeat.ok ? <RepeatPayment repeat={answer?.paymentKey ? { ...repeat, paymentKey: answer.paymentKey } : repeat} answer={answer} /> : <Unavailable text={repeat.message} otherCard={repeat.otherCardHref} />}
    </div>
  );
}

function Unavailable({ text, otherCard }: { text: string; otherCard: string }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const hydrated = useHydrated();
  const heading = useStepFocus<HTMLHeadingElement>("unavailable");
  return (
    <section className="account-card repeat-card" aria-labelledby="repeat-unavailable">
      <h2 id="repeat-unavailable" className="repeat-card__name" tabIndex={-1} ref={heading} autoFocus={!hydrated}>
        {message("payment:repeat.unavailableTitle")}
      </h2>
      <FormMessage tone="error">{text}</FormMessage>
      <p className="repeat-card__actions">
        <Link className="button button--primary" to={otherCard}>
          {message("payment:repeat.otherCard")}
        </Link>
        <Link className="button button--ghost" to="/home">
          {message("payment:repeat.home")}
        </Link>
      </p>
    </section>
  );
}

function RepeatPayment({ repeat, answer }: { repeat: Ready; answer?: CheckoutAnswer }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const charging = navigation.state !== "idle" && navigation.formData?.get("intent") === "repeat-pay";
  const { sale, cards, pay } = repeat;
  const [chosen, setChosen] = useState(cards[0]!.token);
  const card = cards.find((candidate) => candidate.token === chosen) ?? cards[0]!;
  const [verification, setVerification] = useState<string | null>(null);
  // A new answer: the security code's token was spent by that attempt.
  const [seen, setSeen] = useState(answer);
  if (seen !== answer) {
    setSeen(answer);
    setVerification(null);
  }
  const told = Boolean(answer?.message);
  const heading = useStepFocus<HTMLHeadingElement>("repeat", !told);
  const nonce = useStyleNonce();
  const needsCode = card.cvvRequired;
  const blocked = needsCode && (!hydrated || !verification || !card.cvvUrl);
  const rows = [
    ...sale.lines.filter((line) => line.label !== message("payment:checkout.email")),
    ...(cards.length === 1 ? [{ label: message("payment:repeat.card"), value: card.recurring ? message("payment:repeat.recurringCard", { card: card.label }) : card.label }] : []),
  ];

  return (
    <section className="account-card repeat-card" aria-labelledby="repeat-offer">
      {/* The configured colours of the pay button, when they pass WCAG contrast (as the checkout's). */}
      {pay.css ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: pay.css }} /> : null}
      <p className="repeat-card__kind">{message("payment:repeat.summaryLabel")}</p>
      <h2 id="repeat-offer" className="repeat-card__name" tabIndex={-1} ref={heading} autoFocus={!hydrated && !told}>
        {sale.description} <span className="repeat-card__total">{sale.totalText}</span>
      </h2>
      {sale.includeMessage ? <p className="repeat-card__includes">{sale.includeMessage}</p> : null}
      {answer?.message ? <AnswerMessage answer={answer} message={answer.message} otherCard={repeat.links.otherCard} /> : null}
      {repeat.pending ? <FormMessage tone="warning">{message("payment:repeat.pending")}</FormMessage> : null}
      <SummaryList className="repeat-card__summary" rows={rows} />
      <Form ref={markHydrated} method="post" action={repeat.self} replace preventScrollReset className="repeat-form" aria-labelledby="repeat-offer">
        <input type="hidden" name="saleId" value={sale.uuid} />
        <input type="hidden" name="paymentKey" value={repeat.paymentKey} />
        {cards.length === 1 ? (
          <input type="hidden" name="keptCard" value={card.token} />
        ) : (
          <fieldset className="repeat-form__cards">
            <legend className="repeat-form__legend">{message("payment:repeat.chooseCard")}</legend>
            {cards.map((candidate, index) => (
              <div key={candidate.token} className="field field--checkbox repeat-form__card">
                <input
                  type="radio"
                  id={`kept-${candidate.token}`}
                  name="keptCard"
                  value={candidate.token}
                  className="field__checkbox"
                  defaultChecked={index === 0}
                  onChange={() => {
                    setChosen(candidate.token);
                    setVerification(null);
                  }}
                />
                <label className="field__checkbox-label" htmlFor={`kept-${candidate.token}`}>
                  {candidate.recurring ? message("payment:repeat.recurringCard", { card: candidate.label }) : candidate.label}
                </label>
              </div>
            ))}
          </fieldset>
        )}
        {needsCode ? (
          <>
            <div className="without-js">
              <FormMessage tone="warning">{message("payment:repeat.cvvNeedsJs")}</FormMessage>
            </div>
            {hydrated && card.cvvUrl ? <CvvField key={card.token} url={card.cvvUrl} onToken={setVerification} /> : null}
            {verification ? <input type="hidden" name="verification" value={verification} /> : null}
          </>
        ) : null}
        <p className="repeat-form__legal">
          {message("payment:repeat.legal")}{" "}
          <a href={repeat.links.privacy} target="_blank" rel="noopener noreferrer">
            {message("payment:checkout.privacyLink")}
            <span className="visually-hidden"> {message("common:a11y.newWindow")}</span>
          </a>{" "}
          ·{" "}
          <a href={repeat.links.terms} target="_blank" rel="noopener noreferrer">
            {message("payment:checkout.termsLink")}
            <span className="visually-hidden"> {message("common:a11y.newWindow")}</span>
          </a>
        </p>
        <button
          type="submit"
          name="intent"
          value="repeat-pay"
          className={`button button--primary button--block checkout-pay${pay.className ? ` ${pay.className}` : ""}`}
          disabled={charging || blocked}
          aria-describedby={charging ? "repeat-progress" : undefined}
        >
          {message("payment:checkout.payAmount", { label: pay.text, amount: sale.totalText })}
        </button>
        {charging ? (
          <div className="checkout-progress" id="repeat-progress" role="status">
            <span className="checkout-progress__spinner" aria-hidden="true" />
            <span>
              <strong>{message("payment:payment.processing")}</strong>
              <span className="checkout-progress__detail">{pay.loaderText}</span>
            </span>
          </div>
        ) : null}
      </Form>
      <p className="repeat-card__other">
        <Link to={repeat.links.otherCard}>{message("payment:repeat.otherCard")}</Link>
      </p>
      <p className="repeat-card__forget">
        {message("payment:repeat.forgetHint")} <Link to={repeat.links.forget}>{message("payment:repeat.forgetLink")}</Link>
      </p>
    </section>
  );
}

/**
 * What a post answered (a decline, an expired card, the provider's refusal, a stale page): focused
 * and in view, with the attempts left and the way to another card. Without JavaScript the page that
 * answers opens on it (autofocus).
 */
function AnswerMessage({ answer, message: text, otherCard }: { answer: CheckoutAnswer; message: NonNullable<CheckoutAnswer["message"]>; otherCard: string }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const hydrated = useHydrated();
  const ref = useStepFocus<HTMLDivElement>(answer);
  const charged = answer.attemptsLeft !== undefined || answer.reset;
  return (
    <div className={`form-message form-message--${text.tone} checkout-answer repeat-answer`} role="alert" tabIndex={-1} ref={ref} autoFocus={!hydrated}>
      <p className="checkout-answer__text">{text.text}</p>
      {answer.attemptsLeft && !answer.reset && answer.attemptsLeft < 3 ? <p className="checkout-attempts">{message("payment:checkout.attemptsLeft", { count: answer.attemptsLeft })}</p> : null}
      {charged ? (
        <p className="checkout-answer__next">
          {message("payment:repeat.failedNext")} <Link to={otherCard}>{message("payment:repeat.otherCard")}</Link>
        </p>
      ) : null}
    </div>
  );
}
