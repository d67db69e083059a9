import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ErrorSummary, FormMessage } from "~/components/form/form-messages";
import { useHydrationMark } from "~/components/hydration-mark";
import { useHydrated } from "~/components/use-hydrated";
import { funnel } from "~/features/tracking/funnel";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { legalSchema } from "#schemas/forms/card";
import type { CheckoutAnswer, CheckoutData } from "./checkout-data";
import { KeepCardCheck } from "./card-form";
import { LegalChecks, PayButton } from "./pay-step";
import { usePaymentSubmit } from "./use-payment-submit";
import { useStepFocus } from "./use-step-focus";
import { SummaryList } from "~/components/summary-list";

type Ready = Extract<CheckoutData, { ok: true }>;

/** The messages of the provider's hosted fields (mocks/provider-pages.ts in mock mode). */
type ProviderMessage =
  | { source: "bait-proveedor"; type: "ready" }
  | { source: "bait-proveedor"; type: "resize"; height: number }
  | { source: "bait-proveedor"; type: "loading" }
  | { source: "bait-proveedor"; type: "token"; token: string; card: { last4: string; brand: string; holder: string; expiry: string } }
  | { source: "bait-proveedor"; type: "error"; field?: string | null; code?: string; message?: string };

type Token = Extract<ProviderMessage, { type: "token" }>;

/** docs/payment.md: token errors for number, expiry, CVV and cardholder give their messages; C002 and C003 the widget's. */
const FIELD_MESSAGES: Record<string, string> = {
  number: "payment:validation.cardFormat",
  expiry: "payment:validation.expiryInvalid",
  cvv: "payment:validation.cvvFormat",
  cardholder: "payment:validation.nameLetters",
  C002: "payment:checkout.widgetNotFound",
  C003: "payment:checkout.widgetMissing",
};

/** How long the widget may take to say it is there before it counts as not found (C002). */
const WIDGET_TIMEOUT_MS = 10_000;
/** docs/payment.md: the iframe is 700 px in the card plugin; it may report a smaller height. */
const MAX_HEIGHT = 700;

/**
 * Provider type 2, the hosted card (docs/payment.md screen 3, spec §4): the provider's fields in an iframe
 * make a token, then the charge runs at once, or after 'Ver Detalles' shows the summary when
 * the plugin has a details step. The card never reaches this page, let alone our server. It
 * needs JavaScript: without it the page says so and offers the card form (provider type 1).
 */
export function HostedCardPayment({ checkout, answer }: { checkout: Ready; answer?: CheckoutAnswer }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const hydrated = useHydrated();
  const { plugin } = checkout;
  const legal = { privacy: plugin.legal.some((entry) => entry.kind === "privacy"), terms: plugin.legal.some((entry) => entry.kind === "terms") };
  const schema = legalSchema(legal);
  const [form, fields] = useForm({ id: "hosted", lastResult: answer?.result, constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const { charging, post } = usePaymentSubmit();
  const frame = useRef<HTMLIFrameElement>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const markedFormRef = useHydrationMark(formRef);
  const [widget, setWidget] = useState<"loading" | "ready" | "missing">("loading");
  const [height, setHeight] = useState(420);
  const [token, setToken] = useState<Token | null>(null);
  const [details, setDetails] = useState(false);
  const [problem, setProblem] = useState<{ tone: "error" | "warning"; text: string } | null>(null);
  // The card step, then 'Confirma tu pago' after 'Ver Detalles': its heading focused and in view (an answer's message takes the focus instead).
  const heading = useStepFocus<HTMLHeadingElement>(details, !answer?.message);

  const pay = (found: Token) => {
    // 'Guardar esta tarjeta…' (a signed-in customer only): the charge asks the provider to keep it.
    const keep = checkout.keepCard && formRef.current ? new FormData(formRef.current).get("keepCard") === "on" : false;
    void post({ intent: "hosted-pay", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, token: found.token, holder: found.card.holder, ...(keep ? { keepCard: "on" } : {}), ...(legal.privacy ? { privacy: "on" } : {}), ...(legal.terms ? { terms: "on" } : {}) });
  };
  const consentsGiven = () => (formRef.current ? schema.safeParse(Object.fromEntries(new FormData(formRef.current))).success : false);

  // A failed charge (a new answer) empties everything: the provider's fields make a new token.
  const [seen, setSeen] = useState(answer);
  if (seen !== answer) {
    setSeen(answer);
    setToken(null);
    setDetails(false);
  }

  useEffect(() => {
    if (!plugin.hostedUrl) return;
    const origin = new URL(plugin.hostedUrl, window.location.href).origin;
    const timer = window.setTimeout(() => setWidget((now) => (now === "loading" ? "missing" : now)), WIDGET_TIMEOUT_MS);
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as ProviderMessage | undefined;
      if (!data || data.source !== "bait-proveedor") return;
      switch (data.type) {
        case "ready":
          setWidget("ready");
          funnel("PaymentFormLoad", { provider: 2 });
          break;
        case "resize":
          if (Number.isFinite(data.height)) setHeight(Math.min(MAX_HEIGHT, Math.max(240, Math.ceil(data.height))));
          break;
        case "loading":
          setProblem(null);
          funnel("RequestPayment", { provider: 2 });
          break;
        case "token":
          funnel("PaymentSuccess", { provider: 2, step: "token" });
          setToken(data);
          break;
        case "error": {
          funnel("PaymentError", { provider: 2, code: data.code ?? data.field ?? "unknown" });
          const key = FIELD_MESSAGES[data.code ?? ""] ?? FIELD_MESSAGES[data.field ?? ""];
          // The provider's message_to_purchaser shows as a warning (docs/payment.md); else the field's own message.
          setProblem(data.message ? { tone: "warning", text: data.message } : { tone: "error", text: message(key ?? "payment:payment.failed") });
          break;
        }
      }
    }
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      window.clearTimeout(timer);
    };
  }, [plugin.hostedUrl, message]);

  // Without a details step the token pays at once, if the consents are given (else the button below does, once they are).
  useEffect(() => {
    if (token && !plugin.detailsStep && consentsGiven()) pay(token);
    // Once per token: the consents and the payment are read as they are when the token arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (!token) {
      // The provider's own button makes the token; ours asks it to.
      frame.current?.contentWindow?.postMessage({ source: "bait-checkout", type: "submit" }, new URL(plugin.hostedUrl ?? "/", window.location.href).origin);
      return;
    }
    if (plugin.detailsStep && !details) {
      setDetails(true);
      return;
    }
    pay(token);
  };

  if (!plugin.hostedUrl) return null;
  const cardFallback = `${checkout.selfHref.split("?")[0]}?metodo=tarjeta`;
  return (
    <>
      <div className="without-js">
        <FormMessage tone="warning">{message("payment:checkout.hostedNeedsJs")}</FormMessage>
        <p>
          <a className="button button--primary" href={cardFallback}>
            {message("payment:checkout.hostedUseCard")}
          </a>
        </p>
      </div>
      <Form method="post" ref={markedFormRef} id={form.id} className="checkout-form needs-js" noValidate onSubmit={onSubmit}>
        <div className="checkout-step">
          <h3 className="checkout-step__title" tabIndex={-1} ref={heading}>
            {message(details && token ? "payment:checkout.summaryStep" : "payment:checkout.cardStep")}
          </h3>
        </div>
        <ErrorSummary fields={fields} labels={{ ...(legal.privacy ? { privacy: message("payment:checkout.privacyLink") } : {}), ...(legal.terms ? { terms: message("payment:checkout.termsLink") } : {}) }} show={form.status === "error"} />
        {problem ? <FormMessage tone={problem.tone}>{problem.text}</FormMessage> : null}
        {widget === "missing" ? <FormMessage tone="error">{message("payment:checkout.widgetNotFound")}</FormMessage> : null}
        {token ? (
          <p className="checkout-hosted__ready" role="status">
            {message("payment:checkout.hostedReady", { card: `${token.card.brand} •••• ${token.card.last4}` })}
          </p>
        ) : null}
        {hydrated && !token ? (
          <iframe
            ref={frame}
            className="checkout-hosted__frame"
            src={plugin.hostedUrl}
            title={message("payment:checkout.hostedTitle")}
            height={height}
          />
        ) : null}
        {details && token ? (
          <SummaryList
            className="checkout-summary"
            rows={[
              { label: checkout.sale.title, value: `${checkout.sale.description} · ${checkout.sale.totalText}` },
              ...checkout.sale.lines,
              { label: message("payment:checkout.holder"), value: token.card.holder },
              { label: message("payment:checkout.card"), value: `•••• ${token.card.last4}` },
              { label: message("payment:checkout.expiryShort"), value: token.card.expiry },
              { label: message("payment:checkout.cvvShort"), value: message("payment:checkout.hiddenCvv") },
            ]}
          />
        ) : null}
        {checkout.keepCard ? <KeepCardCheck /> : null}
        <LegalChecks checkout={checkout} fields={fields} />
        {token && plugin.detailsStep && !details ? (
          <button type="submit" className="button button--primary button--block">
            {message("payment:checkout.viewDetails")}
          </button>
        ) : (
          <PayButton checkout={checkout} charging={charging} disabled={widget !== "ready" && !token} />
        )}
      </Form>
    </>
  );
}
