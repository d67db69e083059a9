import { Form, Link } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { SelectField, TextField } from "~/components/form/field";
import { ModalActions, UrlModal } from "~/components/url-modal";
import { Icon } from "~/components/icon";
import { useTranslation } from "react-i18next";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { modifyRecurrenceSchema } from "#schemas/forms/recurrence";
import type { RecurrencePageData, RecurrenceRow } from "./recurrence.server";
import { ACTION_PARAM, ID_PARAM, OFFER_PARAM, startHref, stepHref, type Step } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

export type RecurrenceAnswer = { result?: SubmissionResult<string[]>; message?: { tone: "error" | "warning" | "success" | "info"; text: string } };

/** A card's links, each to its step's modal: modify, change card and pause an active one; resume a paused one; cancel either. */
type CardAction = readonly [Step, string, "secondary" | "danger"];
const CANCEL: CardAction = ["cancelar", "customer:recurrence.cancel", "danger"];
const ACTIVE_ACTIONS: readonly CardAction[] = [
  ["modificar", "customer:recurrence.modify", "secondary"],
  ["tarjeta", "customer:recurrence.changeCard", "secondary"],
  ["desactivar", "customer:recurrence.deactivate", "secondary"],
  CANCEL,
];
const PAUSED_ACTIONS: readonly CardAction[] = [["reactivar", "customer:recurrence.activate", "secondary"], CANCEL];

function RecurrenceCard({ row }: { row: RecurrenceRow }) {
  const { t: message } = useTranslation(["common", "customer"]);
  const facts = [
    [message("customer:recurrence.nextCharge"), row.nextCharge ?? message("customer:recurrence.none")],
    [message("customer:recurrence.lastCharge"), row.lastCharge ?? message("customer:recurrence.none")],
    [message("customer:recurrence.amount"), row.amount],
    [message("customer:recurrence.card.label"), message("customer:recurrence.cardLast", { last: row.cardLast })],
  ] as const;
  return (
    <li className={`recurrence-card${row.active ? "" : " recurrence-card--inactive"}`}>
      <div className="recurrence-card__head">
        <h3 className="recurrence-card__name">{row.name}</h3>
        <span className={`recurrence-state recurrence-state--${row.active ? "active" : "inactive"}`}>{message(`customer:recurrence.state.${row.active ? "active" : "inactive"}`)}</span>
      </div>
      {row.everyDays ? <p className="recurrence-card__every">{message("customer:recurrence.every", { count: row.everyDays })}</p> : null}
      <dl className="recurrence-card__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="recurrence-card__actions">
        {(row.active ? ACTIVE_ACTIONS : PAUSED_ACTIONS).map(([step, key, tone]) => (
          <Link key={step} className={`button button--${tone} button--small`} to={stepHref(step, row.id)} preventScrollReset>
            {message(key)}
          </Link>
        ))}
      </div>
    </li>
  );
}

const CONFIRM: Record<Exclude<Step, "modificar" | "tarjeta">, { intent: string; title: string; text: string }> = {
  desactivar: { intent: "deactivate", title: "customer:recurrence.confirm.deactivateTitle", text: "customer:recurrence.confirm.deactivateText" },
  reactivar: { intent: "activate", title: "customer:recurrence.confirm.activateTitle", text: "customer:recurrence.confirm.activateText" },
  cancelar: { intent: "cancel", title: "customer:recurrence.confirm.cancelTitle", text: "customer:recurrence.confirm.cancelText" },
};

function StepMessage({ answer }: { answer?: RecurrenceAnswer }) {
  return answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null;
}

function ModifyForm({ row, offers, chargeDates, answer }: { row: RecurrenceRow; offers: RecurrencePageData["offers"]; chargeDates: RecurrencePageData["chargeDates"]; answer?: RecurrenceAnswer }) {
  const { t: message } = useTranslation(["common", "customer"]);
  const [form, fields] = useForm({ id: `modificar-${row.id}`, lastResult: answer?.result, constraint: getZodConstraint(modifyRecurrenceSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: modifyRecurrenceSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  return (
    <Form ref={markHydrated} method="post" action={stepHref("modificar", row.id)} {...getFormProps(form)} className="recurrence-form">
      <p>{message("customer:recurrence.confirm.modifyText")}</p>
      <StepMessage answer={answer} />
      <input type="hidden" name="intent" value="modify" />
      <input type="hidden" name="id" value={row.id} />
      <TextField field={fields.nextDate} label={message("customer:recurrence.confirm.nextDate")} hint={message("customer:recurrence.confirm.nextDateHint")} type="date" min={chargeDates.min} max={chargeDates.max} />
      <SelectField
        field={fields.offerId}
        label={message("customer:recurrence.confirm.offer")}
        defaultValue={fields.offerId.initialValue ?? row.offerId}
        options={offers.map((offer) => ({ value: offer.offerId, label: message("customer:recurrence.confirm.offerOption", { name: offer.name, price: offer.priceText }) }))}
      />
      <ModalActions cancelLabel={message("customer:recurrence.confirm.back")}>
        <button type="submit" className="button button--primary">
          {message("customer:recurrence.confirm.save")}
        </button>
      </ModalActions>
    </Form>
  );
}

/** The confirmation of an operation, the modify form or the update modal: a URL (`?accion=…&id=…`) the server renders open. */
function StepModal({ data, answer }: { data: RecurrencePageData; answer?: RecurrenceAnswer }) {
  const { t: message } = useTranslation(["common", "customer"]);
  if (!data.step) return null;
  const { step, row } = data.step;
  const values = { name: row.name, last: row.cardLast, price: row.amount };
  if (step === "modificar") {
    return (
      <UrlModal id="recurrencia" param={ACTION_PARAM} extraParams={[ID_PARAM]} title={message("customer:recurrence.confirm.modifyTitle")}>
        <ModifyForm row={row} offers={data.offers} chargeDates={data.chargeDates} answer={answer} />
      </UrlModal>
    );
  }
  if (step === "tarjeta") {
    return (
      <UrlModal id="recurrencia" param={ACTION_PARAM} extraParams={[ID_PARAM]} title={message("customer:recurrence.card.title")}>
        <div className="recurrence-form">
          <p className="recurrence-card__name">{row.name}</p>
          <p>{message("customer:recurrence.card.intro", values)}</p>
          <p>{message("customer:recurrence.card.current", values)}</p>
          <StepMessage answer={answer} />
          <Form ref={markHydrated} method="post" action={stepHref(step, row.id)} className="recurrence-form__actions">
            <input type="hidden" name="intent" value="card" />
            <input type="hidden" name="id" value={row.id} />
            <ModalActions cancelLabel={message("customer:recurrence.confirm.back")}>
              <button type="submit" className="button button--primary">
                {message("customer:recurrence.modal.continue")}
              </button>
            </ModalActions>
          </Form>
        </div>
      </UrlModal>
    );
  }
  const confirm = CONFIRM[step];
  return (
    <UrlModal id="recurrencia" param={ACTION_PARAM} extraParams={[ID_PARAM]} title={message(confirm.title)}>
      <div className="recurrence-form">
        <p>{message(confirm.text, values)}</p>
        <StepMessage answer={answer} />
        <Form ref={markHydrated} method="post" action={stepHref(step, row.id)} className="recurrence-form__actions">
          <input type="hidden" name="intent" value={confirm.intent} />
          <input type="hidden" name="id" value={row.id} />
          <ModalActions cancelLabel={message("customer:recurrence.confirm.back")}>
            <button type="submit" className={`button ${step === "cancelar" ? "button--danger" : "button--primary"}`}>
              {message("customer:recurrence.confirm.yes")}
            </button>
          </ModalActions>
        </Form>
      </div>
    </UrlModal>
  );
}

/** The recurring recharge payment modal (`?recarga=OFFERID`): the recharge, the line and e-mail it is filed under, the privacy notice, then the checkout. */
function StartModal({ modal, answer }: { modal: NonNullable<RecurrencePageData["modal"]>; answer?: RecurrenceAnswer }) {
  const { t: message } = useTranslation(["common", "customer"]);
  if (!modal.ok) {
    return (
      <UrlModal id="recurrencia-nueva" param={OFFER_PARAM} title={message("customer:recurrence.modal.title")}>
        <FormMessage tone="error">{modal.message}</FormMessage>
      </UrlModal>
    );
  }
  return (
    <UrlModal id="recurrencia-nueva" param={OFFER_PARAM} title={modal.name}>
      <div className="recharge-offer">
        <p className="recharge-offer__price">
          <span className="recharge-offer__price-label">{message("customer:recurrence.modal.price")}</span>
          <span className="recharge-offer__amount">{modal.priceText}</span>
        </p>
        <p className="recharge-offer__validity">
          <Icon name="clock" /> {message("customer:recurrence.every", { count: modal.days })}
        </p>
        <ul className="recharge-offer__includes">
          {modal.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      <dl className="recurrence-card__facts">
        <div>
          <dt>{message("customer:recurrence.modal.line")}</dt>
          <dd>{modal.line}</dd>
        </div>
        <div>
          <dt>{message("customer:recurrence.modal.email")}</dt>
          <dd>{modal.email}</dd>
        </div>
      </dl>
      <StepMessage answer={answer} />
      <Form ref={markHydrated} method="post" action={startHref(modal.offerId)} className="recurrence-form">
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="offerId" value={modal.offerId} />
        <p className="recharge-form__privacy">
          {message("customer:recurrence.modal.privacyText")}{" "}
          <a href={modal.privacyUrl} target="_blank" rel="noopener noreferrer">
            {message("customer:recurrence.modal.privacy")}
          </a>
        </p>
        <ModalActions>
          <button type="submit" className="button button--primary button--block">
            {message("customer:recurrence.modal.continue")}
          </button>
        </ModalActions>
      </Form>
    </UrlModal>
  );
}

/** /recurrente: the customer's recurrences, the offers to start one, and the open modal or step. */
export function RecurrenceView({ data, answer }: { data: RecurrencePageData; answer?: RecurrenceAnswer }) {
  const { t: message } = useTranslation(["common", "customer"]);
  return (
    <>
      <section className="account-card" aria-labelledby="recurrences-title">
        <h2 id="recurrences-title">{message("customer:recurrence.listTitle")}</h2>
        {data.loadError ? <FormMessage tone="error">{data.loadError}</FormMessage> : null}
        {data.stepError ? <FormMessage tone="error">{data.stepError}</FormMessage> : null}
        {!data.step && !data.modal ? <StepMessage answer={answer} /> : null}
        {data.rows && data.rows.length === 0 ? <p>{message("customer:recurrence.empty")}</p> : null}
        {data.rows && data.rows.length > 0 ? (
          <ul role="list" className="recurrence-list">
            {data.rows.map((row) => (
              <RecurrenceCard key={row.id} row={row} />
            ))}
          </ul>
        ) : null}
      </section>
      <section className="account-card" aria-labelledby="recurrence-start-title">
        <h2 id="recurrence-start-title">{message("customer:recurrence.startTitle")}</h2>
        <p>{message("customer:recurrence.startIntro")}</p>
        {data.offers.length ? (
          <ul role="list" className="recurrence-offers">
            {data.offers.map((offer) => (
              <li key={offer.offerId} className="recurrence-offer">
                <span className="recurrence-offer__name">{offer.name}</span>
                <span className="recurrence-offer__price">{offer.priceText}</span>
                <span className="recurrence-offer__days">{message("customer:recurrence.every", { count: offer.days })}</span>
                <Link className="button button--primary button--small" to={startHref(offer.offerId)} preventScrollReset data-modal-opener="recurrencia-nueva">
                  {message("customer:recurrence.startOffer", { name: offer.name })}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{message("customer:recurrence.noOffers")}</p>
        )}
      </section>
      {data.modal ? <StartModal modal={data.modal} answer={answer} /> : null}
      <StepModal data={data} answer={answer} />
    </>
  );
}
