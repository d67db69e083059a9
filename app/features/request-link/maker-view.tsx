import { Form, Link } from "@remix-run/react";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeInput } from "~/components/form/code-input";
import { CheckboxField, FieldShell, SelectField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { confirmRequestSchema, makeRequestSchema, MESSAGE_MAX } from "#schemas/forms/request-link";
import { useFocusOnArrival } from "./focus-on-arrival";
import type { MakerPage } from "./maker.server";
import { OpenLinks } from "./open-links";
import { SharePanel } from "./share-panel";
import { confirmHref, REQUEST_NUMBER_PARAM, REQUEST_PATH, requestForNumber } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

/**
 * /pide-recarga (docs/request-link.md): the link just made, to share; or the number (a visitor), then
 * the request's form, then (a visitor) the code sent to the line; and the customer's open links, to
 * share again or cancel.
 */
export function MakerView({ page, answer }: { page: MakerPage; answer?: FormAnswer }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  return (
    <div className="page request-page">
      <h1 className="page-title">{message("requestLink:title")}</h1>
      {page.created ? (
        <SharePanel
          share={page.created}
          extra={
            <p className="request-share__more">
              <Link to={REQUEST_PATH}>{message("requestLink:share.another")}</Link>
              {page.maker.kind === "customer" ? <Link to="/home">{message("requestLink:share.home")}</Link> : null}
            </p>
          }
        />
      ) : (
        <section className="request-card" aria-labelledby="request-form-title">
          <h2 id="request-form-title" className="visually-hidden">
            {message("requestLink:title")}
          </h2>
          <p className="request-page__intro">{message("requestLink:intro")}</p>
          {page.step === "number" ? <NumberForm page={page} /> : null}
          {page.step === "refused" && page.refusal ? <FormMessage tone="error">{page.refusal}</FormMessage> : null}
          {page.step === "form" && page.line ? <MakeForm page={page} line={page.line} answer={answer} /> : null}
          {page.step === "code" && page.pending ? <CodeStep pending={page.pending} answer={answer} /> : null}
          {page.step === "gone" ? <GoneStep /> : null}
        </section>
      )}
      {page.links ? (
        <section className="request-card" aria-label={message("requestLink:list.title")}>
          <OpenLinks links={page.links} revoked={page.revoked} volver="pide-recarga" />
        </section>
      ) : null}
    </div>
  );
}

/** A visitor's first step: which number (a GET form, answered by the server as the number-first block is). */
function NumberForm({ page }: { page: MakerPage }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const id = "pide-numero";
  const error = page.number.error;
  return (
    <>
      <Form ref={markHydrated} method="get" action={REQUEST_PATH} className="request-number" noValidate>
        <div className={error ? "field field--error" : "field"}>
          <label className="field__label" htmlFor={id}>
            {message("requestLink:number.label")}
          </label>
          <p className="field__hint" id={`${id}-hint`}>
            {message("requestLink:number.hint")}
          </p>
          {error ? (
            <p className="field__error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
          <div className="request-number__row">
            <div className="field__control">
              <input
                key={`${page.number.value}|${error ?? ""}`}
                className="field__input"
                id={id}
                name={REQUEST_NUMBER_PARAM}
                type="text"
                inputMode="numeric"
                autoComplete="tel-national"
                defaultValue={page.number.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                autoFocus={Boolean(error)}
              />
            </div>
            <button className="button button--primary" type="submit">
              {message("requestLink:number.submit")}
            </button>
          </div>
        </div>
      </Form>
      <p className="request-page__aside">
        {message("requestLink:number.account")} <Link to="/login">{message("requestLink:number.login")}</Link>
      </p>
    </>
  );
}

/** The request: which offer (or the payer's choice), the maker's words, their name (signed in), then 'Crear enlace'. */
function MakeForm({ page, line, answer }: { page: MakerPage; line: NonNullable<MakerPage["line"]>; answer?: FormAnswer }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const [form, fields] = useForm({
    id: "pide-recarga",
    lastResult: answer?.result,
    constraint: getZodConstraint(makeRequestSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: makeRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const labels = { offerId: message("requestLink:form.offer"), message: message("requestLink:form.message") };
  const visitor = page.maker.kind === "visitor";
  const offerOptions = [
    { value: "", label: message("requestLink:form.offerAny") },
    ...page.offers.map((offer) => ({ value: offer.offerId, label: message("requestLink:form.offerOption", { name: offer.name, price: offer.priceText, days: offer.days }) })),
  ];
  return (
    <Form ref={markHydrated} method="post" action={visitor ? requestForNumber(line.number) : REQUEST_PATH} id={form.id} noValidate onSubmit={form.onSubmit} className="request-form">
      {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
      <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
      <dl className="request-line">
        <dt>{message("requestLink:line.label")}</dt>
        <dd>
          {message(`requestLink:line.${line.profile}`, { number: line.formatted })}
          {visitor ? (
            <>
              {" "}
              <Link to={REQUEST_PATH}>{message("requestLink:line.change")}</Link>
            </>
          ) : null}
        </dd>
      </dl>
      <input type="hidden" name="intent" value="crear" />
      {visitor ? <input type="hidden" name="numero" value={line.number} /> : null}
      <SelectField field={fields.offerId} label={labels.offerId} hint={message("requestLink:form.offerHint")} options={offerOptions} defaultValue={typeof fields.offerId.initialValue === "string" ? fields.offerId.initialValue : ""} />
      <FieldShell field={fields.message} label={labels.message} hint={message("requestLink:form.messageHint")}>
        {({ pattern: _pattern, inputMode: _inputMode, ...control }) => (
          <div className="field__control">
            <textarea
              {...control}
              className="field__input request-form__message"
              rows={3}
              maxLength={MESSAGE_MAX}
              placeholder={message("requestLink:form.messagePlaceholder")}
              defaultValue={typeof fields.message.initialValue === "string" ? fields.message.initialValue : undefined}
            />
          </div>
        )}
      </FieldShell>
      {page.maker.kind === "customer" ? (
        <div className="request-form__name">
          <CheckboxField field={fields.showName} label={message("requestLink:form.showName", { name: page.maker.name })} />
          <p className="field__hint">{message("requestLink:form.showNameHint")}</p>
        </div>
      ) : (
        <p className="form-message form-message--warning">
          {message("requestLink:form.visitorNote")} <Link to="/login">{message("requestLink:form.visitorLogin")}</Link>.
        </p>
      )}
      {page.links ? <p className="request-form__count">{message("requestLink:form.count", { count: page.links.length, max: page.maxLinks })}</p> : null}
      <SubmitButton>{message(visitor ? "requestLink:form.visitorSubmit" : "requestLink:form.submit")}</SubmitButton>
    </Form>
  );
}

/**
 * A visitor's second step: the code sent by SMS to the line (its holder's say-so) makes the link.
 * Its heading takes the focus as it arrives; a wrong code empties the field (a code is never sent
 * back) and says so at the field, what the request asks kept on the server.
 */
function CodeStep({ pending, answer }: { pending: NonNullable<MakerPage["pending"]>; answer?: FormAnswer }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const heading = useFocusOnArrival<HTMLHeadingElement>(pending.id);
  const [form, fields] = useForm({
    id: "pide-recarga-codigo",
    lastResult: answer?.result,
    constraint: getZodConstraint(confirmRequestSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Every answer (a wrong code) gives the code field a fresh start.
  const [round, setRound] = useState(0);
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer) setRound(round + 1);
  }
  const labels = { code: message("requestLink:confirm.code") };
  return (
    <div className="request-code">
      {/* Arriving, the step's heading has the focus; after a wrong code, the error summary (below). */}
      <h3 id="pide-recarga-codigo-titulo" className="request-share__title request-focus" tabIndex={-1} ref={heading} autoFocus={!answer}>
        {message("requestLink:confirm.title")}
      </h3>
      {pending.resent ? <FormMessage tone="success">{message("requestLink:confirm.resent")}</FormMessage> : null}
      <p>{message("requestLink:confirm.intro", { number: pending.formatted })}</p>
      <p>{pending.offerName ? message("requestLink:confirm.summary", { offer: pending.offerName }) : message("requestLink:confirm.summaryAny")}</p>
      {pending.message ? <p className="request-link__message">{message("requestLink:confirm.message", { message: pending.message })}</p> : null}
      <Form ref={markHydrated} method="post" action={confirmHref(pending.id)} id={form.id} noValidate onSubmit={form.onSubmit} className="request-form" aria-labelledby="pide-recarga-codigo-titulo">
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} autoFocus={Boolean(answer)} />
        <input type="hidden" name="intent" value="confirmar" />
        <input type="hidden" name="id" value={pending.id} />
        <CodeInput key={round} field={fields.code} label={labels.code} hint={message("requestLink:confirm.codeHint")} />
        <SubmitButton>{message("requestLink:confirm.submit")}</SubmitButton>
      </Form>
      <Form ref={markHydrated} method="post" action={confirmHref(pending.id)} className="request-form">
        <input type="hidden" name="id" value={pending.id} />
        <SubmitButton name="intent" value="reenviar" variant="secondary">
          {message("requestLink:confirm.resend")}
        </SubmitButton>
      </Form>
    </div>
  );
}

/** The request in the address waits no more (expired, or already a link): start again. */
function GoneStep() {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const notice = useFocusOnArrival<HTMLDivElement>("gone");
  return (
    <div className="request-focus" tabIndex={-1} ref={notice} autoFocus>
      <FormMessage tone="error">{message("requestLink:confirm.gone")}</FormMessage>
      <p>
        <Link to={REQUEST_PATH}>{message("requestLink:confirm.again")}</Link>
      </p>
    </div>
  );
}
