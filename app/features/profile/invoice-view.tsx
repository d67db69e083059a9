import { Form, Link, useActionData } from "@remix-run/react";
import { SelectField, TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import type { FormAnswer } from "~/lib/form-answer.server";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { invoiceSchema } from "#schemas/forms/profile";
import type { InvoiceRecharge, InvoiceView as Invoice } from "./invoice.server";
import { markHydrated } from "~/components/hydration-mark";

/** /factura: the recharges that may be invoiced, one recharge's tax-data form, or its folio. */
export function InvoiceView({ view }: { view: Invoice }) {
  const { t: message } = useTranslation(["common", "profile"]);
  return (
    <div className="page account-page invoice-page">
      <h1 className="page-title">{message("profile:invoice.title")}</h1>
      {view.kind === "list" ? <RechargeList recharges={view.recharges} error={view.error} /> : null}
      {view.kind === "unavailable" ? (
        <section className="account-card">
          <FormMessage tone="error">{view.message}</FormMessage>
          <BackHome />
        </section>
      ) : null}
      {view.kind === "form" ? <InvoiceForm view={view} /> : null}
      {view.kind === "done" ? (
        <section className="account-card" aria-labelledby="invoice-done-title">
          <h2 id="invoice-done-title">{message("profile:invoice.doneTitle")}</h2>
          <RechargeSummary recharge={view.recharge} />
          <FormMessage tone="success">{message("profile:invoice.done", { folio: view.folio })}</FormMessage>
          <BackHome />
        </section>
      ) : null}
    </div>
  );
}

function BackHome() {
  const { t: message } = useTranslation(["common", "profile"]);
  return (
    <div className="account-actions">
      <Link className="button button--secondary" to="/home">
        {message("profile:invoice.home")}
      </Link>
    </div>
  );
}

function RechargeSummary({ recharge }: { recharge: InvoiceRecharge }) {
  const { t: message } = useTranslation(["common", "profile"]);
  return (
    <dl className="invoice-summary">
      <div>
        <dt>{message("profile:invoice.recharge")}</dt>
        <dd>{recharge.name}</dd>
      </div>
      <div>
        <dt>{message("profile:invoice.date")}</dt>
        <dd>{recharge.date}</dd>
      </div>
      <div>
        <dt>{message("profile:invoice.amount")}</dt>
        <dd>{recharge.amount}</dd>
      </div>
      <div>
        <dt>{message("profile:invoice.order")}</dt>
        <dd>{recharge.orderId}</dd>
      </div>
    </dl>
  );
}

function RechargeList({ recharges, error }: { recharges: InvoiceRecharge[]; error: string | null }) {
  const { t: message } = useTranslation(["common", "profile"]);
  return (
    <section className="account-card" aria-labelledby="invoice-list-title">
      <h2 id="invoice-list-title">{message("profile:invoice.noOrder")}</h2>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <ul role="list" className="invoice-list">
        {recharges.map((recharge) => (
          <li key={recharge.orderId} className="invoice-list__item">
            <span>
              <strong>{recharge.name}</strong> · {recharge.amount}
              <br />
              <small>
                {recharge.date} · {recharge.orderId}
              </small>
            </span>
            <Link className="button button--secondary" to={recharge.href} aria-label={`${message("profile:invoice.submit")}: ${recharge.name} ${recharge.orderId}`}>
              {message("profile:invoice.submit")}
            </Link>
          </li>
        ))}
      </ul>
      <BackHome />
    </section>
  );
}

function InvoiceForm({ view }: { view: Extract<Invoice, { kind: "form" }> }) {
  const { t: message } = useTranslation(["common", "profile"]);
  const answer = useActionData<FormAnswer>();
  const names = ["rfc", "businessName", "postalCode", "taxRegime", "cfdiUse", "paymentForm", "paymentMethod", "email"] as const;
  const [form, fields] = useForm({ id: "invoice", lastResult: answer?.result, defaultValue: { email: view.email }, constraint: getZodConstraint(invoiceSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: invoiceSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = Object.fromEntries(names.map((name) => [name, message(`profile:invoice.${name}`)])) as Record<(typeof names)[number], string>;
  const options = (list: keyof typeof view.lists) => [
    { value: "", label: message("profile:invoice.choose") },
    ...view.lists[list].map((option) => ({ value: option.id, label: `${option.id} · ${option.name}` })),
  ];
  const select = (name: "taxRegime" | "cfdiUse" | "paymentForm" | "paymentMethod", list: keyof typeof view.lists) => (
    <SelectField field={fields[name]} label={labels[name]} options={options(list)} defaultValue={fields[name].initialValue ?? ""} />
  );
  return (
    <section className="account-card" aria-labelledby="invoice-form-title">
      <h2 id="invoice-form-title">{view.recharge.name}</h2>
      <RechargeSummary recharge={view.recharge} />
      <p className="profile-page__intro">{message("profile:invoice.intro")}</p>
      {view.error ? <FormMessage tone="error">{view.error}</FormMessage> : null}
      <Form ref={markHydrated} method="post" action={view.recharge.href} id={form.id} noValidate onSubmit={form.onSubmit} className="auth-form invoice-form">
        {answer?.message ? <FormMessage tone={answer.message.tone}>{answer.message.text}</FormMessage> : null}
        <ErrorSummary fields={fields} labels={labels} show={Boolean(answer?.result?.error)} />
        <TextField field={fields.rfc} label={labels.rfc} hint={message("profile:invoice.rfcHint")} autoComplete="off" />
        <TextField field={fields.businessName} label={labels.businessName} hint={message("profile:invoice.businessNameHint")} autoComplete="organization" />
        <TextField field={fields.postalCode} label={labels.postalCode} type="text" autoComplete="postal-code" mask={{ maxLength: 5, inputMode: "numeric" }} />
        {select("taxRegime", "taxRegimes")}
        {select("cfdiUse", "cfdiUses")}
        {select("paymentForm", "paymentForms")}
        {select("paymentMethod", "paymentMethods")}
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
        <SubmitButton>{message("profile:invoice.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
