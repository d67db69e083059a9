import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, type FocusEvent, type FormEvent, type ReactNode } from "react";
import { ErrorSummary, FormMessage } from "~/components/form/form-messages";
import { OfferModalFailure } from "~/components/offer-modal-failure";
import { UrlModal } from "~/components/url-modal";
import { funnel } from "~/features/tracking/funnel";
import type { FormMetadata } from "@conform-to/react";
import type { FormField } from "~/components/form/field";

/**
 * What every offer modal (a recharge, a SIM, an eSIM) shares: the modal is a URL (`?PARAM=OFFERID`)
 * the server renders open, or says why its offer could not be read; its form posts to the same
 * URL, validates with its schema, lists its errors at the top, and reports the funnel steps
 * (docs/recharge.md "Funnel"): GoToDetail when it opens, ChangeOnForm the first time each field changes,
 * ChangeLegal for a consent, RequestPayment when a valid form leaves.
 */

type Failure = { ok: false; message: string; retry: boolean };

/** The modal of an offer, or the failure to read it ('Volver a intentar' when the upstream failed). */
export function OfferModal<Modal extends Failure | { ok: true }>({
  id,
  param,
  modal,
  title,
  failureTitle,
  backLabel,
  children,
}: {
  id: string;
  param: string;
  modal: Modal;
  title: (modal: Extract<Modal, { ok: true }>) => string;
  failureTitle: string;
  backLabel: string;
  children: (modal: Extract<Modal, { ok: true }>) => ReactNode;
}) {
  const read: Failure | { ok: true } = modal;
  if (!read.ok) return <OfferModalFailure id={id} param={param} title={failureTitle} text={read.message} retry={read.retry} backLabel={backLabel} />;
  const ready = modal as Extract<Modal, { ok: true }>;
  return (
    <UrlModal id={id} param={param} title={title(ready)}>
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

/**
 * An offer modal's form: the offer's id, a title and intro, the answer's message, the error
 * summary, then the fields (`children`). `legal` names the consent checkboxes, whose changes are
 * ChangeLegal; `onFieldInput` sees every field as it changes (a data summary that follows),
 * `onFieldBlur` every field the visitor leaves (the eSIM journey's field steps).
 */
export function OfferForm({
  form,
  offerId,
  className,
  title,
  intro,
  answerMessage,
  fields,
  labels,
  legal = [],
  onFieldInput,
  onFieldBlur,
  children,
}: {
  form: SchemaForm;
  offerId: string;
  className: string;
  title: string;
  intro: string;
  answerMessage?: { tone: "error" | "warning" | "success" | "info"; text: string };
  fields: Record<string, FormField>;
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
    <Form
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
