import { Form, Link } from "@remix-run/react";
import { useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import { Icon } from "~/components/icon";
import type { FormAnswer } from "~/lib/form-answer.server";
import type { PayerPage } from "./payer.server";
import { markHydrated } from "~/components/hydration-mark";

type Pay = Extract<PayerPage, { kind: "pay" }>;

/**
 * /r/<token>, the payer's page (docs/request-link.md): who asks and in which words, the line
 * masked, the offers of its kind with the one asked for first, the payer's e-mail and 'Continuar al
 * pago'; or why the link is refused, with a way to any recharge. Light on purpose: no validation
 * library in the browser. The form's constraints come from its schema on the server
 * (getZodConstraint), and the server's answer brings the messages.
 */
export function PayerView({ page, answer }: { page: PayerPage; answer?: FormAnswer }) {
  return page.kind === "refused" ? <Refused reason={page.reason} /> : <PayPage page={page} answer={answer} />;
}

function Refused({ reason }: { reason: Extract<PayerPage, { kind: "refused" }>["reason"] }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  return (
    <div className="page request-page request-page--payer">
      <section className="request-card request-refused">
        <h1 className="page-title request-focus" tabIndex={-1} autoFocus>
          {message(`requestLink:refused.${reason}.title`)}
        </h1>
        <p>{message(`requestLink:refused.${reason}.text`)}</p>
        <p>{message("requestLink:refused.recharge")}</p>
        <Link className="button button--primary" to="/recargas">
          {message("requestLink:refused.rechargeLink")}
        </Link>
      </section>
    </div>
  );
}

/** One offer to choose: its name, price, validity and what it includes; the one asked for says so. */
function OfferRadio({ offer, name, formId, checked, required }: { offer: Pay["offers"][number]; name: string; formId: string; checked: boolean; required?: boolean }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const id = `oferta-${offer.offerId}`;
  return (
    <li className="request-offer">
      <input className="request-offer__radio" type="radio" id={id} name={name} value={offer.offerId} form={formId} defaultChecked={checked} required={required} />
      <label className="request-offer__label" htmlFor={id}>
        {/* Spaces between the parts: the radio's name reads "Bait 150 $150.00 Vigencia de 30 días …". */}
        <span className="request-offer__name">{offer.name}</span> <span className="request-offer__price">{offer.priceText}</span>{" "}
        <span className="request-offer__days">{message("requestLink:pay.validity", { count: offer.days })}</span>{" "}
        <span className="request-offer__includes">{offer.includes.join(" · ")}</span>
        {offer.asked ? (
          <>
            {" "}
            <span className="request-offer__asked">{message("requestLink:pay.asked")}</span>
          </>
        ) : null}
      </label>
    </li>
  );
}

function PayPage({ page, answer }: { page: Pay; answer?: FormAnswer }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const [form, fields] = useForm({ id: "pagar-recarga", lastResult: answer?.result, constraint: page.constraint, defaultValue: { offerId: page.selected ?? undefined, email: page.email } });
  const labels = { offerId: message("requestLink:pay.choose"), email: message("requestLink:pay.email") };
  const chosen = typeof fields.offerId.initialValue === "string" ? fields.offerId.initialValue : page.selected;
  const offerError = fields.offerId.errors?.[0];
  // The offer asked for stands alone; the others fold under 'Elegir otra recarga', open when one of them is chosen.
  const asked = page.offers.find((offer) => offer.asked);
  const others = page.offers.filter((offer) => offer !== asked);
  const radio = (offer: Pay["offers"][number]) => <OfferRadio key={offer.offerId} offer={offer} name={fields.offerId.name} formId={form.id} checked={chosen === offer.offerId} required={fields.offerId.required} />;
  return (
    <div className="page request-page request-page--payer">
      <header className="request-ask">
        <p className="request-ask__eyebrow">
          <Icon name="gift" /> {message("requestLink:title")}
        </p>
        <h1 className="page-title">{page.heading}</h1>
        {page.message ? (
          <figure className="request-ask__message">
            <blockquote>
              <p>«{page.message}»</p>
            </blockquote>
            <figcaption className="visually-hidden">{message("requestLink:pay.messageLabel")}</figcaption>
          </figure>
        ) : null}
        <p className="request-ask__line">{page.lineText}</p>
      </header>
      {page.refusal ? (
        <section className="request-card request-refused" aria-labelledby="request-refusal-title">
          <h2 id="request-refusal-title">{page.refusal.title}</h2>
          <FormMessage tone="error">{page.refusal.text}</FormMessage>
          <Link className="button button--primary" to="/recargas">
            {message("requestLink:pay.recharge")}
          </Link>
        </section>
      ) : (
        <Form ref={markHydrated} method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="request-card request-pay">
          {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
          <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
          <fieldset className={`request-offers${offerError ? " field--error" : ""}`} aria-describedby={offerError ? fields.offerId.errorId : undefined}>
            <legend className="request-offers__legend" id={fields.offerId.id}>
              {labels.offerId}
            </legend>
            {page.askedGone ? <p className="field__hint">{message("requestLink:pay.askedGone")}</p> : null}
            {offerError ? (
              <p className="field__error" id={fields.offerId.errorId}>
                {message(offerError)}
              </p>
            ) : null}
            {asked ? (
              <>
                <ul role="list" className="request-offers__list request-offers__list--asked">
                  {radio(asked)}
                </ul>
                {others.length ? (
                  <details className="request-offers__more" open={(chosen !== null && chosen !== asked.offerId) || undefined}>
                    <summary>{message("requestLink:pay.others", { count: others.length })}</summary>
                    <ul role="list" className="request-offers__list">
                      {others.map(radio)}
                    </ul>
                  </details>
                ) : null}
              </>
            ) : (
              <ul role="list" className="request-offers__list">
                {others.map(radio)}
              </ul>
            )}
          </fieldset>
          <TextField field={fields.email} label={labels.email} hint={message("requestLink:pay.emailHint")} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" />
          <p className="request-pay__secure">
            <Icon name="shield" /> <span>{message("requestLink:pay.secure")}</span>
          </p>
          <SubmitButton>{message("requestLink:pay.submit")}</SubmitButton>
          <p className="request-pay__caution">
            <Icon name="info" /> <span>{message("requestLink:pay.caution")}</span>
          </p>
          <p className="request-pay__expires">{message("requestLink:pay.expires", { date: page.expires })}</p>
        </Form>
      )}
    </div>
  );
}
