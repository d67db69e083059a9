import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ICCID_PREFIX } from "#schemas/forms/fields";
import { portabilitySchema } from "#schemas/forms/portability";
import type { PortabilityAnswer } from "./portability.server";
import { markHydrated } from "~/components/hydration-mark";

export const PORTABILITY_PATH = "/haz-tu-portabilidad";

/** /haz-tu-portabilidad's request form, or once accepted the confirmation: what happens next and when. */
export function PortabilityTool() {
  const answer = useActionData<PortabilityAnswer>();
  return (
    <section ref={markHydrated} className="block tool" aria-labelledby="portabilidad-title">
      {answer?.done ? <PortabilityDone done={answer.done} /> : <PortabilityForm answer={answer} />}
    </section>
  );
}

function PortabilityForm({ answer }: { answer: PortabilityAnswer | undefined }) {
  const { t: message } = useTranslation(["common", "portability"]);
  const [form, fields] = useForm({ id: "portabilidad", lastResult: answer?.result, constraint: getZodConstraint(portabilitySchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: portabilitySchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = {
    numero: message("portability:number"),
    nip: message("portability:nip"),
    iccid: message("portability:iccid"),
    nombre: message("portability:name"),
    correo: message("portability:email"),
    telefono: message("portability:contactPhone"),
  };
  return (
    <>
      <h2 className="block__title" id="portabilidad-title">
        {message("portability:title")}
      </h2>
      <p className="tool__intro">{message("portability:intro")}</p>
      <Form ref={markHydrated} method="post" action={PORTABILITY_PATH} id={form.id} noValidate onSubmit={form.onSubmit} className="tool__form" preventScrollReset>
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
        <TextField field={fields.numero} label={labels.numero} hint={message("portability:numberHint")} type="tel" autoComplete="tel-national" />
        <TextField field={fields.nip} label={labels.nip} hint={message("portability:nipHint")} autoComplete="one-time-code" inputMode="numeric" />
        <TextField field={fields.iccid} label={labels.iccid} hint={message("portability:iccidHint")} prefix={ICCID_PREFIX} autoComplete="off" inputMode="numeric" />
        <TextField field={fields.nombre} label={labels.nombre} autoComplete="name" />
        <TextField field={fields.correo} label={labels.correo} hint={message("portability:emailHint")} type="email" autoComplete="email" spellCheck={false} />
        <TextField field={fields.telefono} label={labels.telefono} hint={message("portability:contactPhoneHint")} type="tel" autoComplete="tel-national" />
        <SubmitButton>{message("portability:submit")}</SubmitButton>
      </Form>
    </>
  );
}

function PortabilityDone({ done }: { done: NonNullable<PortabilityAnswer["done"]> }) {
  const { t: message } = useTranslation(["common", "portability"]);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was replaced by the confirmation: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="tool-result tool-result--yes" role="status">
      <h2 className="block__title" id="portabilidad-title" tabIndex={-1} ref={heading}>
        {message("portability:doneTitle")}
      </h2>
      <dl className="tool-result__details">
        <dt>{message("portability:doneFolio")}</dt>
        <dd>{done.folio}</dd>
        <dt>{message("portability:doneNumber")}</dt>
        <dd>{done.number}</dd>
      </dl>
      <h3 className="tool-result__subtitle">{message("portability:doneNext")}</h3>
      <ol className="tool-result__steps">
        <li>{message("portability:doneStep1", { email: done.email })}</li>
        <li>{message("portability:doneStep2", { number: done.number })}</li>
        <li>{message("portability:doneStep3")}</li>
      </ol>
      <p>{message("portability:doneHelp")}</p>
      <p>
        <Link to={PORTABILITY_PATH} reloadDocument>
          {message("portability:another")}
        </Link>
      </p>
    </div>
  );
}
