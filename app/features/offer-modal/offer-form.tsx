import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, type FocusEvent, type FormEvent, type ReactNode } from "react";
import { ErrorSummary, FormMessage } from "~/components/form/form-messages";
import { OfferModalFailure } from "~/components/offer-modal-failure";
import { UrlModal } from "~/components/url-modal";
import { funnel } from "~/features/tracking/funnel";
import { useForm, type DefaultValue, type FormMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import type { $ZodType, input, output } from "zod/v4/core";
import type { FormField } from "~/components/form/field";
import type { FormAnswer } from "~/lib/form-answer.server";
import { markHydrated } from "~/components/hydration-mark";

/**
 * What every offer modal (a recharge, a SIM, an eSIM) shares: the modal is a URL (`?PARAM=OFFERID`)
 * the server renders open, or says why its offer could not be read; its form posts to the same
 * URL, validates with its schema, lists its errors at the top, and reports the funnel steps
 * (docs/recharge.md "Funnel"): GoToDetail when it opens, ChangeOnForm the first time each field changes,
 * ChangeLegal for a consent, RequestPayment when a valid form leaves.
 */

type Failure = { ok: false; message: string; retry: boolean };

/**
 * The modal of an offer, or the failure to read it ('Volver a intentar' when the upstream failed).
 * `title` is a text (the failure's title too) or read from the offer, then `failureTitle` is the
 * failure's; `summary` (the offer) comes first, then `children` (its form).
 */
export function OfferModal<Modal extends Failure | { ok: true }>({
  id,
  param,
  modal,
  title,
  failureTitle = typeof title === "string" ? title : "",
  backLabel,
  summary,
  children,
}: {
  id: string;
  param: string;
  modal: Modal;
  title: string | ((modal: Extract<Modal, { ok: true }>) => string);
  failureTitle?: string;
  backLabel: string;
  summary: (modal: Extract<Modal, { ok: true }>) => ReactNode;
  children: (modal: Extract<Modal, { ok: true }>) => ReactNode;
}) {
  const read: Failure | { ok: true } = modal;
  if (!read.ok) return <OfferModalFailure id={id} param={param} title={failureTitle} text={read.message} retry={read.retry} backLabel={backLabel} />;
  const ready = modal as Extract<Modal, { ok: true }>;
  return (
    <UrlModal id={id} param={param} title={typeof title === "string" ? title : title(ready)}>
      {summary(ready)}
      {children(ready)}
    </UrlModal>
  );
}

/** GoToDetail, once per offer shown. */
export function useOfferDetailFunnel(offerId: string, type: number) {
  useEffect(() => {
    funnel("GoToDetail", { offerId, type });
  }, [offerId, type]);
}

type SchemaForm = Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "onSubmit" | "status">;

/** What an offer's form needs of its state: the conform form and fields, the offer, the server's message. */
export type OfferFormState = {
  form: SchemaForm;
  fields: Record<string, FormField>;
  offerId: string;
  answerMessage?: FormAnswer["message"];
};

/**
 * An offer modal's form state (`<prefix>-<offerId>`): its schema validates as the server does,
 * on submit first and then as the visitor types; the server's answer fills it again.
 */
export function useOfferForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  { prefix, offerId, answer, defaultValue }: { prefix: string; offerId: string; answer?: FormAnswer; defaultValue?: DefaultValue<input<Schema>> },
) {
  const [form, fields] = useForm<input<Schema>, output<Schema>>({ id: `${prefix}-${offerId}`, lastResult: answer?.result, defaultValue, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  return { form, fields, offerId, answerMessage: answer?.message };
}

/** The privacy line under an offer's form: its text and the notice's link, in a new window. */
export function PrivacyNote({ text, linkText, href }: { text: string; linkText: string; href: string }) {
  const { t: message } = useTranslation("common");
  return (
    <p className="recharge-form__privacy">
      {text}{" "}
      <a href={href} target="_blank" rel="noopener noreferrer">
        {linkText}
        <span className="visually-hidden"> {message("common:a11y.newWindow")}</span>
      </a>
      .
    </p>
  );
}

/**
 * An offer modal's form: the offer's id, a title and intro, the answer's message, the error
 * summary, then the fields (`children`). `legal` names the consent checkboxes, whose changes are
 * ChangeLegal; `onFieldInput` sees every field as it changes (a data summary that follows),
 * `onFieldBlur` every field the visitor leaves (the eSIM journey's field steps).
 */
export function OfferForm({
  of: { form, offerId, answerMessage, fields },
  className,
  title,
  intro,
  labels,
  legal = [],
  onFieldInput,
  onFieldBlur,
  children,
}: {
  of: OfferFormState;
  className: string;
  title: string;
  intro: string;
  labels: Record<string, string>;
  legal?: readonly string[];
  onFieldInput?: (target: HTMLInputElement) => void;
  onFieldBlur?: (event: FocusEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const location = useLocation();
  const changed = useRef(new Set<string>());

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (!target.name) return;
    if (legal.includes(target.name)) funnel("ChangeLegal", { offerId, [target.name]: target.checked });
    else if (!changed.current.has(target.name)) {
      changed.current.add(target.name);
      funnel("ChangeOnForm", { offerId, field: target.name });
    }
    onFieldInput?.(target);
  };

  return (
    <Form ref={markHydrated}
      method="post"
      action={location.pathname + location.search}
      id={form.id}
      noValidate
      preventScrollReset
      replace
      className={className}
      aria-labelledby={`${form.id}-title`}
      onInput={onInput}
      onBlur={onFieldBlur}
      onSubmit={(event) => {
        form.onSubmit(event);
        if (!event.defaultPrevented) funnel("RequestPayment", { offerId });
      }}
    >
      <input type="hidden" name="offerId" value={offerId} />
      <h3 className="recharge-form__title" id={`${form.id}-title`}>
        {title}
      </h3>
      <p className="recharge-form__intro">{intro}</p>
      {answerMessage ? <FormMessage tone={answerMessage.tone}>{answerMessage.text}</FormMessage> : null}
      <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
      {children}
    </Form>
  );
}
