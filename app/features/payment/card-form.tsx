import { Form } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { ErrorSummary } from "~/components/form/form-messages";
import { TextField } from "~/components/form/field";
import { useHydrated } from "~/components/use-hydrated";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { validateTyped } from "~/components/form/validate-typed";
import { cardFormSchema, legalSchema, maskCard, parseExpiry } from "#schemas/forms/card";
import type { CardSummary, CheckoutAnswer, CheckoutData, PluginView } from "./checkout-data";
import { cardFieldsOf, chargePayload, NO_BILLING, type BillingFields } from "./charge-payload";
import { BillingAddress, type BillingLookup } from "./billing-address";
import { LegalChecks, PayButton, SaleImage } from "./pay-step";
import { preloadSealing, usePaymentSubmit } from "./use-payment-submit";
import { useStepFocus } from "./use-step-focus";
import { SummaryList } from "~/components/summary-list";
import { markHydrated } from "~/components/hydration-mark";

type Ready = Extract<CheckoutData, { ok: true }>;

/** What the browser keeps between step 1 and the pay button: in memory only, gone with the page. */
type ClientSummary = { holder: { firstName: string; lastName: string }; card: ReturnType<typeof cardFieldsOf>; billing: BillingFields; display: CardSummary; keep: boolean };

/**
 * What step 1 keeps after a failed charge (docs/payment.md "Outcomes"): the holder and the billing
 * address, which are not card data; never the card's number, expiry or CVV, nor the consents.
 */
type Kept = { values: Record<string, string>; lookup: BillingLookup | null };
const KEPT_FIELDS = ["firstName", "lastName", "address", "postalCode", "colonia"] as const;

/**
 * Provider type 1, the card form (docs/payment.md screens 1 and 2, spec §5 card rules): step 1 the card
 * (and the billing address when the plugin asks it), step 2 the summary with the consents and
 * the pay button; a single step when the plugin has no details step.
 *
 * With JavaScript, the fields are checked here, the summary is drawn here, and what is posted is
 * the card sealed for the provider's key: the card fields have no part in the post. Without
 * JavaScript the card fields are not on this page at all: step 1 takes the holder and the address,
 * the card is typed on the provider's hosted payment page, which sends the visitor back here to
 * the summary (docs/payment.md "Card data").
 */
export function CardPayment({ checkout, answer }: { checkout: Ready; answer?: CheckoutAnswer }) {
  const [client, setClient] = useState<ClientSummary | null>(null);
  const [kept, setKept] = useState<Kept | null>(null);
  // Each 'Cambiar datos de la tarjeta' brings step 1 back into view, focused.
  const [backs, setBacks] = useState(0);
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (seenAnswer !== answer) {
    // A new answer (a failed payment, an error) brings back step 1 without the card and the consents (docs/payment.md "payment data and legal checkboxes reset").
    setSeenAnswer(answer);
    setClient(null);
    setBacks(0);
  }
  // Back from the provider's hosted payment page (no JavaScript): its summary, until an answer says otherwise.
  const serverSummary = answer ? (answer.summary && !answer.reset ? answer.summary : null) : checkout.cardPage;
  if (serverSummary) return <SummaryStep checkout={checkout} summary={serverSummary} answer={answer} />;
  // After a charge that failed in this browser (JavaScript), the holder and the address typed come back.
  const stepAnswer = answer?.result ? answer : answer && kept ? { ...answer, result: { initialValue: kept.values }, postal: kept.lookup ?? undefined } : answer;
  return (
    <>
      {/* Kept (hidden) under the summary, so 'Cambiar datos de la tarjeta' finds what was typed. */}
      <div hidden={Boolean(client)}>
        <CardStep key={checkout.paymentKey} checkout={checkout} answer={stepAnswer} onDetails={setClient} onKeep={setKept} focusKey={backs} />
      </div>
      {client ? (
        <SummaryStep
          checkout={checkout}
          summary={client.display}
          client={client}
          onBack={() => {
            setClient(null);
            setBacks((count) => count + 1);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * A step's number and heading. The heading takes the focus when its step appears (`focus`), and,
 * without JavaScript, when its page opens (autofocus): every step is its own page then.
 */
function StepTitle({ plugin, step, title, id, focus, focusKey = 0 }: { plugin: PluginView; step: 1 | 2; title: string; id: string; focus: boolean; focusKey?: number }) {
  const { t: message } = useTranslation(["common", "payment", "address"]);
  const hydrated = useHydrated();
  const heading = useStepFocus<HTMLHeadingElement>(focusKey, focus);
  return (
    <div className="checkout-step">
      {plugin.detailsStep ? <p className="checkout-step__count">{message("payment:checkout.step", { step, total: 2 })}</p> : null}
      <h3 className="checkout-step__title" id={id} tabIndex={-1} ref={heading} autoFocus={focus && !hydrated}>
        {title}
      </h3>
    </div>
  );
}

function Hidden({ checkout }: { checkout: Ready }) {
  return (
    <>
      <input type="hidden" name="saleId" value={checkout.sale.uuid} />
      <input type="hidden" name="paymentKey" value={checkout.paymentKey} />
    </>
  );
}

function CardStep({
  checkout,
  answer,
  onDetails,
  onKeep,
  focusKey,
}: {
  checkout: Ready;
  answer?: CheckoutAnswer;
  onDetails: (summary: ClientSummary) => void;
  onKeep: (kept: Kept) => void;
  focusKey: number;
}) {
  const { t: message } = useTranslation(["common", "payment", "address"]);
  const hydrated = useHydrated();
  const { plugin } = checkout;
  const legal = plugin.detailsStep ? null : { privacy: plugin.legal.some((entry) => entry.kind === "privacy"), terms: plugin.legal.some((entry) => entry.kind === "terms") };
  const schema = cardFormSchema({ address: plugin.asksAddress, legal });
  const [form, fields] = useForm({ id: "card", lastResult: answer?.result, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const { charging, sealAndPost } = usePaymentSubmit();
  const [lookup, setLookup] = useState<BillingLookup | null>(answer?.postal?.ok ? answer.postal : null);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With JavaScript nothing of this form is posted as typed: conform stops a post it found invalid (and its own validation requests).
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return;
    // 'Guardar esta tarjeta…' (a signed-in customer only): the charge asks the provider to keep it.
    const keep = checkout.keepCard && formData.get("keepCard") === "on";
    const value = submission.value as { firstName: string; lastName: string; cardNumber: string; expiry: string; cvv: string; address?: string; postalCode?: string; colonia?: string };
    const expiry = parseExpiry(value.expiry);
    if (!expiry) return;
    const holder = { firstName: value.firstName, lastName: value.lastName };
    const card = cardFieldsOf({ ...value, expiry });
    const colonia = lookup?.colonias.find((candidate) => candidate.id === value.colonia);
    // Not card data: what step 1 gets back if the charge fails.
    const typed = value as Record<string, string | undefined>;
    onKeep({ values: Object.fromEntries(KEPT_FIELDS.flatMap((name) => (typed[name] ? [[name, typed[name]!]] : []))), lookup: plugin.asksAddress ? lookup : null });
    const billing: BillingFields =
      plugin.asksAddress && lookup && colonia
        ? { address: value.address ?? "", colonia: colonia.id, postalCode: lookup.postalCode, city: lookup.city, state: lookup.state, country: lookup.country }
        : NO_BILLING;
    if (plugin.detailsStep) {
      onDetails({
        holder,
        card,
        billing,
        display: {
          holder: `${holder.firstName} ${holder.lastName}`,
          card: maskCard(card.number),
          expiry: `${card.month}/${card.year}`,
          address: plugin.asksAddress && colonia ? `${billing.address}, ${message("payment:checkout.colony", { name: colonia.name })}, C.P. ${billing.postalCode}` : null,
        },
        keep,
      });
      return;
    }
    void sealAndPost(chargePayload(holder, billing, card), plugin.publicKey, {
      intent: "pay",
      saleId: checkout.sale.uuid,
      paymentKey: checkout.paymentKey,
      ...(keep ? { keepCard: "on" } : {}),
      ...(legal?.privacy ? { privacy: "on" } : {}),
      ...(legal?.terms ? { terms: "on" } : {}),
    }).then((sent) => setProblem(sent ? null : message("payment:checkout.encryptFailed")));
  };

  const labels: Record<string, string> = {
    firstName: message("payment:checkout.firstName"),
    lastName: message("payment:checkout.lastName"),
    ...(plugin.asksAddress ? { address: message("payment:checkout.address"), postalCode: message("address:postalCode"), colonia: message("address:colony") } : {}),
    cardNumber: message("payment:checkout.cardNumber"),
    expiry: message("payment:checkout.expiry"),
    cvv: message("payment:checkout.cvv"),
    ...(legal?.privacy ? { privacy: message("payment:checkout.privacyLink") } : {}),
    ...(legal?.terms ? { terms: message("payment:checkout.termsLink") } : {}),
  };

  return (
    <Form ref={markHydrated}
      method="post"
      id={form.id}
      className="checkout-form"
      noValidate
      onSubmit={hydrated ? onSubmit : undefined}
      onBlur={validateTyped(form)}
      onFocus={hydrated ? () => void preloadSealing().catch(() => undefined) : undefined}
      aria-labelledby="card-step-title"
    >
      <StepTitle plugin={plugin} step={1} title={message("payment:checkout.cardStep")} id="card-step-title" focus={!answer || focusKey > 0} focusKey={focusKey} />
      <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
      {problem ? (
        <p className="form-message form-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      <Hidden checkout={checkout} />
      <div className="checkout-form__row">
        <TextField field={fields.firstName} label={labels.firstName!} autoComplete="cc-given-name" spellCheck={false} />
        <TextField field={fields.lastName} label={labels.lastName!} autoComplete="cc-family-name" spellCheck={false} />
      </div>
      {plugin.asksAddress ? (
        <BillingAddress fields={{ address: fields.address, postalCode: fields.postalCode, colonia: fields.colonia }} initial={answer?.postal ?? null} onLookup={setLookup} addressLabel={labels.address!} />
      ) : null}
      {hydrated ? (
        <>
          <fieldset className="checkout-form__card">
            <legend className="checkout-form__legend">{message("payment:checkout.card")}</legend>
            <CardNumberField field={fields.cardNumber} label={labels.cardNumber!} hint={message("payment:checkout.cardNumberHint")} />
            <div className="checkout-form__row checkout-form__row--compact">
              <ExpiryField field={fields.expiry} label={labels.expiry!} hint={message("payment:checkout.expiryHint")} />
              <TextField field={fields.cvv} label={labels.cvv!} hint={message("payment:checkout.cvvHint")} autoComplete="cc-csc" spellCheck={false} mask={{ maxLength: 4, inputMode: "numeric" }} />
            </div>
          </fieldset>
          <p className="checkout-form__secure">{message("payment:checkout.secureNote")}</p>
        </>
      ) : (
        // Without JavaScript the card never enters a form of ours: the provider's own page takes it.
        <p className="checkout-form__secure">{message("payment:checkout.cardPageNote")}</p>
      )}
      {checkout.keepCard ? <KeepCardCheck defaultChecked={answer?.result?.initialValue?.keepCard === "on"} /> : null}
      {!hydrated ? (
        <button type="submit" name="intent" value="card-page" className="button button--primary button--block">
          {message("payment:checkout.cardPageContinue")}
        </button>
      ) : legal ? (
        <>
          <LegalChecks checkout={checkout} fields={{ privacy: fields.privacy, terms: fields.terms }} />
          <PayButton checkout={checkout} charging={charging} />
        </>
      ) : (
        <button type="submit" name="intent" value="details" className="button button--primary button--block">
          {message("payment:checkout.next")}
        </button>
      )}
    </Form>
  );
}

type Meta = Parameters<typeof TextField>[0]["field"];

/**
 * 'Guardar esta tarjeta con el procesador de pagos para mis próximas recargas' (a signed-in
 * customer only, keep-card.server.ts): unticked by default; the provider keeps the card, never
 * this site, and /editar-perfil forgets it. Exported for the hosted card's form.
 */
export function KeepCardCheck({ defaultChecked = false }: { defaultChecked?: boolean }) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <div className="checkout-legal checkout-keep">
      <div className="field field--checkbox">
        <input id="keep-card" name="keepCard" type="checkbox" className="field__checkbox" aria-describedby="keep-card-hint" defaultChecked={defaultChecked} />
        <label className="field__checkbox-label" htmlFor="keep-card">
          {message("payment:keepCard.label")}
        </label>
      </div>
      <p className="field__hint checkout-keep__hint" id="keep-card-hint">
        {message("payment:keepCard.hint")}
      </p>
    </div>
  );
}

/** Digits only as the visitor types (docs/payment.md "card number max 16"). */
function CardNumberField({ field, label, hint }: { field: Meta; label: string; hint: ReactNode }) {
  return (
    <TextField
      field={field}
      label={label}
      hint={hint}
      autoComplete="cc-number"
      mask={{ maxLength: 16, inputMode: "numeric" }}
      spellCheck={false}
      onChange={(event) => {
        const digits = event.currentTarget.value.replace(/\D/g, "");
        if (digits !== event.currentTarget.value) event.currentTarget.value = digits;
      }}
    />
  );
}

/** "MM/AA": the slash comes by itself after the month (docs/payment.md "expiry max 5"). */
function ExpiryField({ field, label, hint }: { field: Meta; label: string; hint: ReactNode }) {
  return (
    <TextField
      field={field}
      label={label}
      hint={hint}
      autoComplete="cc-exp"
      mask={{ maxLength: 5, inputMode: "numeric" }}
      spellCheck={false}
      onChange={(event) => {
        const input = event.currentTarget;
        const digits = input.value.replace(/\D/g, "").slice(0, 4);
        const next = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
        const deleting = (event.nativeEvent as InputEvent).inputType?.startsWith("delete");
        if (!deleting && next !== input.value) input.value = next;
      }}
    />
  );
}

/**
 * Step 2 of 2 (docs/payment.md screen 2): what is being bought and with which card, the consents and
 * the pay button. Without JavaScript it follows the provider's hosted payment page, and its post
 * carries no card at all: the server pays with the page's token, kept in the session.
 */
function SummaryStep({ checkout, summary, client, answer, onBack }: { checkout: Ready; summary: CardSummary; client?: ClientSummary; answer?: CheckoutAnswer; onBack?: () => void }) {
  const { t: message } = useTranslation(["common", "payment", "address"]);
  const hydrated = useHydrated();
  const { plugin, sale } = checkout;
  const legal = { privacy: plugin.legal.some((entry) => entry.kind === "privacy"), terms: plugin.legal.some((entry) => entry.kind === "terms") };
  const schema = legalSchema(legal);
  const [form, fields] = useForm({ id: "pay", lastResult: client ? undefined : answer?.result, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const { charging, sealAndPost } = usePaymentSubmit();
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    if (event.defaultPrevented || !client) return;
    event.preventDefault();
    void sealAndPost(chargePayload(client.holder, client.billing, client.card), plugin.publicKey, {
      intent: "pay",
      saleId: sale.uuid,
      paymentKey: checkout.paymentKey,
      ...(client.keep ? { keepCard: "on" } : {}),
      ...(legal.privacy ? { privacy: "on" } : {}),
      ...(legal.terms ? { terms: "on" } : {}),
    }).then((sent) => setProblem(sent ? null : message("payment:checkout.encryptFailed")));
  };

  const rows: { label: string; value: string }[] = [
    { label: message("payment:checkout.kindRecharge"), value: `${sale.description} · ${sale.totalText}` },
    ...sale.lines.filter((line) => line.label !== message("payment:checkout.validity")),
    { label: message("payment:checkout.holder"), value: summary.holder },
    { label: message("payment:checkout.card"), value: summary.card },
    { label: message("payment:checkout.expiryShort"), value: summary.expiry ?? message("payment:checkout.hiddenExpiry") },
    { label: message("payment:checkout.cvvShort"), value: message("payment:checkout.hiddenCvv") },
    ...(summary.address ? [{ label: message("payment:checkout.billingAddress"), value: summary.address }] : []),
  ];
  rows[0]!.label = sale.title;

  return (
    <Form ref={markHydrated} method="post" id={form.id} className="checkout-form" noValidate onSubmit={hydrated ? onSubmit : undefined} aria-labelledby="summary-step-title">
      <StepTitle plugin={plugin} step={2} title={message("payment:checkout.summaryStep")} id="summary-step-title" focus={!answer?.result?.error || Object.keys(answer.result.error).length === 0} />
      <ErrorSummary fields={fields} labels={{ ...(legal.privacy ? { privacy: message("payment:checkout.privacyLink") } : {}), ...(legal.terms ? { terms: message("payment:checkout.termsLink") } : {}) }} show={form.status === "error"} />
      {problem ? (
        <p className="form-message form-message--error" role="alert">
          {problem}
        </p>
      ) : null}
      <SaleImage image={sale.image} className="checkout-summary__image" />
      <SummaryList className="checkout-summary" rows={rows} />
      <Hidden checkout={checkout} />
      <LegalChecks checkout={checkout} fields={fields} />
      <PayButton checkout={checkout} charging={charging} value={client ? "pay" : "card-page-pay"} />
      {onBack ? (
        <button type="button" className="button button--secondary button--block" onClick={onBack} disabled={charging}>
          {message("payment:checkout.changeCard")}
        </button>
      ) : (
        <a className="button button--secondary button--block" href={checkout.selfHref}>
          {message("payment:checkout.changeCard")}
        </a>
      )}
    </Form>
  );
}
