import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CheckboxField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage } from "~/components/form/form-messages";
import { useHydrationMark } from "~/components/hydration-mark";
import { useHydrated } from "~/components/use-hydrated";
import { ModalActions } from "~/components/url-modal";
import { useTranslation } from "react-i18next";
import { validateTyped } from "~/components/form/validate-typed";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CONTACT_FIELDS, contactSchema, type LeadKind } from "#schemas/forms/contact";
import { CONTACT_ACTION, RETURN_FIELD } from "./urls";

/** What /contacto answers when it does not redirect (app/lib/form-answer.server.ts's FormAnswer). */
export type ContactAnswer = { result: SubmissionResult<string[]>; message?: { tone: "error" | "warning" | "success" | "info"; text: string } };

const isValid = (form: HTMLFormElement) => parseWithZod(new FormData(form), { schema: contactSchema }).status === "success";

/**
 * The lead form (docs/leads.md): name, phone twice, the privacy consent, 'ENVIAR DATOS'. It
 * posts to /contacto, a plain form post without JavaScript; with it, a fetcher, so errors come
 * back into the modal and a saved lead follows the action's redirect (the modal closes, the
 * page shows the notice). With JavaScript 'ENVIAR DATOS' is marked disabled while the form is
 * invalid; activating it anyway lists what is missing (docs/leads.md "WCAG").
 */
export function ContactForm({ kind, returnTo, privacyUrl, answer: pageAnswer }: { kind: LeadKind; returnTo: string; privacyUrl: string; answer?: ContactAnswer }) {
  const { t: message } = useTranslation(["common", "leads"]);
  const fetcher = useFetcher<ContactAnswer>();
  const answer = fetcher.data ?? pageAnswer;
  const [form, fields] = useForm({ id: `contacto-${kind}`, lastResult: answer?.result, constraint: getZodConstraint(contactSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const hydrated = useHydrated();
  const [valid, setValid] = useState(false);
  const element = useRef<HTMLFormElement | null>(null);
  const formRef = useHydrationMark(element);
  useEffect(() => {
    if (element.current) setValid(isValid(element.current));
  }, []);
  const busy = fetcher.state !== "idle";

  const labels: Record<(typeof CONTACT_FIELDS)[number], string> = {
    nombre: message("leads:modal.name"),
    telefono: message("leads:modal.phone"),
    confirmarNumero: message("leads:modal.confirmPhone"),
    privacidad: message("leads:modal.privacyLink"),
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    setValid(isValid(event.currentTarget));
  };

  return (
    <fetcher.Form ref={formRef} method="post" action={CONTACT_ACTION} id={form.id} noValidate className="lead-form" onSubmit={form.onSubmit} onInput={onInput} onBlur={validateTyped(form)}>
      <input type="hidden" name="tipo" value={kind} />
      <input type="hidden" name={RETURN_FIELD} value={returnTo} />
      <p className="lead-form__intro">{message(`leads:modal.intro.${kind}`)}</p>
      {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
      <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
      <TextField field={fields.nombre} label={labels.nombre} autoComplete="name" />
      <TextField field={fields.telefono} label={labels.telefono} hint={message("leads:modal.phoneHint")} type="tel" autoComplete="tel-national" />
      <TextField field={fields.confirmarNumero} label={labels.confirmarNumero} type="tel" autoComplete="tel-national" />
      <CheckboxField
        field={fields.privacidad}
        label={
          <>
            {message("leads:modal.privacy")}{" "}
            <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
              {message("leads:modal.privacyLink")}
              <span className="visually-hidden"> {message("common:a11y.newWindow")}</span>
            </a>
          </>
        }
      />
      <ModalActions>
        <button
          type="submit"
          className="button button--primary button--block"
          aria-disabled={(hydrated && !valid) || busy || undefined}
          onClick={busy ? (event) => event.preventDefault() : undefined}
        >
          {busy ? message("common:form.sending") : message("leads:modal.submit")}
        </button>
      </ModalActions>
    </fetcher.Form>
  );
}
