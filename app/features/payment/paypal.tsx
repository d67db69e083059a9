import { Form } from "@remix-run/react";
import { useState } from "react";
import { ErrorSummary, FormMessage } from "~/components/form/form-messages";
import { useHydrated } from "~/components/use-hydrated";
import { funnel } from "~/features/tracking/funnel";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { legalSchema } from "#schemas/forms/card";
import type { CheckoutAnswer, CheckoutData } from "./checkout-data";
import { LegalChecks, PayButton, PaymentProgress } from "./pay-step";
import { usePaymentSubmit } from "./use-payment-submit";
import { useStepFocus } from "./use-step-focus";
import { markHydrated } from "~/components/hydration-mark";

type Ready = Extract<CheckoutData, { ok: true }>;

/**
 * Provider type 3, PayPal (docs/payment.md screen 4, spec §4): the button stays disabled until the privacy
 * notice and the terms are ticked; it leads to PayPal's approval page (digital goods, no
 * shipping), which brings the visitor back here to confirm. Without JavaScript the button is
 * always enabled and the server checks the consents instead. `beside`: offered under the card
 * form (the plugin's card provider), as the other way to pay the pages promise.
 */
export function PaypalPayment({ checkout, answer, beside = false }: { checkout: Ready; answer?: CheckoutAnswer; beside?: boolean }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const hydrated = useHydrated();
  const { plugin } = checkout;
  const legal = { privacy: plugin.legal.some((entry) => entry.kind === "privacy"), terms: plugin.legal.some((entry) => entry.kind === "terms") };
  const schema = legalSchema(legal);
  const [form, fields] = useForm({ id: "paypal", lastResult: answer?.result, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const [consented, setConsented] = useState(false);
  const { charging } = usePaymentSubmit();
  // The step's heading takes the focus when it is the step shown (never when it sits under the card form).
  const heading = useStepFocus<HTMLHeadingElement>(checkout.paypal.approved, !beside && !answer?.message);

  if (checkout.paypal.approved) {
    return (
      <Form ref={markHydrated} method="post" className="checkout-form" replace aria-labelledby="paypal-title">
        <div className="checkout-step">
          <h3 className="checkout-step__title" id="paypal-title" tabIndex={-1} ref={heading} autoFocus={!hydrated && !answer?.message}>
            {message("payment:checkout.paypalConfirmTitle")}
          </h3>
        </div>
        <FormMessage tone="info">{message("payment:checkout.paypalApproved")}</FormMessage>
        <input type="hidden" name="saleId" value={checkout.sale.uuid} />
        <input type="hidden" name="paymentKey" value={checkout.paymentKey} />
        <PayButton checkout={checkout} charging={charging} value="paypal-confirm" />
      </Form>
    );
  }

  return (
    <Form ref={markHydrated}
      method="post"
      id={form.id}
      className="checkout-form"
      // PayPal's approval page is not a page of this app: the post is a full page load.
      reloadDocument
      noValidate
      onSubmit={(event) => {
        form.onSubmit(event);
        if (!event.defaultPrevented) funnel("RequestPayment", { provider: 3 });
      }}
      onChange={(event) => setConsented(parseWithZod(new FormData(event.currentTarget), { schema }).status === "success")}
    >
      <div className="checkout-step">
        <h3 className="checkout-step__title" id="paypal-title" tabIndex={beside ? undefined : -1} ref={heading} autoFocus={!beside && !hydrated && !answer?.message}>
          {message(beside ? "payment:checkout.paypalBesideTitle" : "payment:checkout.methodPaypal")}
        </h3>
        {beside ? <p className="checkout-alternative__text">{message("payment:checkout.paypalBesideText")}</p> : null}
      </div>
      <ErrorSummary fields={fields} labels={{ ...(legal.privacy ? { privacy: message("payment:checkout.privacyLink") } : {}), ...(legal.terms ? { terms: message("payment:checkout.termsLink") } : {}) }} show={form.status === "error"} />
      {checkout.paypal.cancelled ? <FormMessage tone="info">{message("payment:checkout.paypalCancelled")}</FormMessage> : null}
      <input type="hidden" name="saleId" value={checkout.sale.uuid} />
      <input type="hidden" name="paymentKey" value={checkout.paymentKey} />
      <LegalChecks checkout={checkout} fields={fields} />
      <button
        type="submit"
        name="intent"
        value="paypal"
        className="button button--block checkout-paypal"
        disabled={hydrated && !consented}
        aria-describedby={hydrated && !consented ? "paypal-hint" : undefined}
      >
        {message("payment:checkout.paypalButton")}
      </button>
      {hydrated && !consented ? (
        <p className="field__hint" id="paypal-hint">
          {message("payment:checkout.paypalHint")}
        </p>
      ) : null}
      {charging && !beside ? <PaymentProgress checkout={checkout} /> : null}
    </Form>
  );
}
