import { Link, useRevalidator } from "@remix-run/react";
import { useContext, useEffect } from "react";
import { FormMessage } from "~/components/form/form-messages";
import { NonceContext, useHydrated } from "~/components/use-hydrated";
import { funnel } from "~/features/tracking/funnel";
import { useTranslation } from "react-i18next";
import { CardPayment } from "./card-form";
import type { CheckoutAnswer, CheckoutData } from "./checkout-data";
import { HostedCardPayment } from "./hosted-card";
import { SaleImage } from "./pay-step";
import { PaypalPayment } from "./paypal";
import type { SaleView } from "./sale.server";
import { useStepFocus } from "./use-step-focus";
import { SummaryList } from "~/components/summary-list";

type Ready = Extract<CheckoutData, { ok: true }>;

/**
 * The checkout page: the order on one side, the payment plugin on the other. On phones (stacked)
 * the order is a closed 'Resumen de tu compra' (its total in sight), so the step being done is on
 * the first screen.
 */
export function CheckoutView({ checkout, answer }: { checkout: CheckoutData; answer?: CheckoutAnswer }) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <div className="page checkout-page">
      <h1 className="page-title">{message("payment:checkout.title")}</h1>
      <div className="checkout-layout">
        {checkout.sale ? <OrderSummary sale={checkout.sale} editHref={checkout.editHref} /> : null}
        <section className="checkout-plugin" aria-labelledby="checkout-plugin-title">
          <h2 id="checkout-plugin-title" className="checkout-plugin__title">
            {message("payment:checkout.methodTitle")}
          </h2>
          {checkout.ok ? (
            <Plugin checkout={answer?.paymentKey ? { ...checkout, paymentKey: answer.paymentKey } : checkout} answer={answer ?? checkout.earlier ?? undefined} />
          ) : checkout.confirming ? (
            <ConfirmingPanel text={checkout.message} />
          ) : (
            <ErrorPanel text={checkout.message} />
          )}
        </section>
      </div>
    </div>
  );
}

function OrderSummary({ sale, editHref }: { sale: SaleView; editHref: string | null }) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <aside className="checkout-order" aria-labelledby="checkout-order-title">
      <h2 id="checkout-order-title" className="checkout-order__title">
        {message("payment:checkout.orderTitle")}
      </h2>
      {/* Closed on phones; from 60rem the CSS shows its content and hides the toggle. */}
      <details className="checkout-order__details">
        <summary className="checkout-order__toggle">
          <span>{message("payment:checkout.orderToggle")}</span> <span className="checkout-order__toggle-total">{sale.totalText}</span>
        </summary>
        <SaleImage image={sale.image} className="checkout-order__image" />
        <p className="checkout-order__kind">{sale.title}</p>
        <p className="checkout-order__name">{sale.description}</p>
        <p className="checkout-order__includes">{sale.includeMessage}</p>
        <SummaryList
          rows={[
            ...sale.lines,
            sale.shippingText ? { label: message("payment:checkout.price"), value: sale.priceText } : null,
            sale.shippingText ? { label: message("payment:checkout.shipping"), value: sale.shippingText } : null,
            { label: message("payment:checkout.total"), value: sale.totalText, total: true },
          ]}
        />
        {editHref ? (
          <p>
            <Link to={editHref} className="checkout-order__edit">
              {message("payment:checkout.edit")}
            </Link>
          </p>
        ) : null}
      </details>
    </aside>
  );
}

/** docs/payment.md screen 5: the error panel with its message (set-up failed, the secure data call failed). */
function ErrorPanel({ text }: { text: string }) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <div className="checkout-error">
      <h3 className="checkout-step__title">{message("payment:checkout.errorTitle")}</h3>
      <FormMessage tone="error">{text}</FormMessage>
      <p>
        <a className="button button--primary" href="/pago">
          {message("payment:checkout.retry")}
        </a>
      </p>
    </div>
  );
}

/** How often the page asks again while a payment is being confirmed (with JavaScript; without it, 'Consultar de nuevo'). */
const CONFIRMING_POLL_MS = 4_000;

/**
 * A payment was sent and its outcome is not known yet (the site restarted meanwhile, the answer
 * was lost): what was bought and for which line, that it must not be paid again, and no pay step.
 * With JavaScript the page asks again every few seconds and turns into the confirmation or the
 * form with what failed; without it, 'Consultar de nuevo' is a link to the same page.
 */
function ConfirmingPanel({ text }: { text: string }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const title = useStepFocus<HTMLHeadingElement>("confirming");
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, CONFIRMING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="checkout-confirming" role="status">
      <h3 className="checkout-step__title" tabIndex={-1} ref={title} autoFocus={!hydrated}>
        {message("payment:recovery.confirmingTitle")}
      </h3>
      <p>{text}</p>
      <p>{message("payment:recovery.doNotPayAgain")}</p>
      <p>
        <a className="button button--secondary" href="/pago">
          {message("payment:recovery.checkAgain")}
        </a>
      </p>
      {hydrated ? <p className="checkout-confirming__auto">{message("payment:recovery.autoCheck")}</p> : null}
    </div>
  );
}

/**
 * The CSP nonce for the pay button's <style>: this response's while rendering on the server (the
 * rendering's context, ~/components/nonce; never loader data, which the page's script can read
 * back), and in the browser the one the document's scripts carry (readable as their `nonce`
 * property), so a <style> created by a client-side navigation is allowed too.
 */
function useStyleNonce(): string {
  const server = useContext(NonceContext);
  if (typeof document === "undefined") return server;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

function Plugin({ checkout, answer }: { checkout: Ready; answer?: CheckoutAnswer }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const nonce = useStyleNonce();
  const { plugin } = checkout;
  useEffect(() => {
    funnel("PaymentFormLoad", { offerId: checkout.sale.offerId, provider: plugin.typeCode });
  }, [checkout.sale.offerId, plugin.typeCode]);
  return (
    <>
      {/* The configured colours of the pay button, when they pass WCAG contrast (button-style.ts). */}
      {plugin.button.css ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: plugin.button.css }} /> : null}
      {checkout.notice ? <FormMessage tone="info">{checkout.notice}</FormMessage> : null}
      {answer?.message ? <AnswerMessage answer={answer} message={answer.message} paypal={plugin.paypalBeside} /> : null}
      {checkout.paypal.approved && plugin.paypalBeside ? (
        // Back from PayPal's approval: its confirmation is the step now, whatever the card provider.
        <PaypalPayment checkout={checkout} answer={answer} />
      ) : (
        <>
          {plugin.provider === "card" ? <CardPayment checkout={checkout} answer={answer} /> : null}
          {plugin.provider === "hostedCard" ? <HostedCardPayment checkout={checkout} answer={answer} /> : null}
          {plugin.provider === "paypal" ? <PaypalPayment checkout={checkout} answer={answer} /> : null}
          {plugin.paypalBeside ? (
            <section className="checkout-alternative" id="pago-paypal" aria-labelledby="paypal-title">
              <PaypalPayment checkout={checkout} answer={answer?.result && answer.paypalForm ? answer : undefined} beside />
            </section>
          ) : null}
        </>
      )}
      {plugin.cardFallback ? (
        <p className="checkout-fallback needs-js">
          <a href="/pago">{message("payment:checkout.hostedBack")}</a>
        </p>
      ) : null}
    </>
  );
}

/**
 * What a post answered (a declined or failed charge, a stale page): in the viewport and focused
 * (docs/payment.md "Outcomes"), with what to do next: another card, or PayPal when it is offered.
 * Without JavaScript the page that answers opens on it (autofocus).
 */
function AnswerMessage({ answer, message: text, paypal }: { answer: CheckoutAnswer; message: NonNullable<CheckoutAnswer["message"]>; paypal: boolean }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const hydrated = useHydrated();
  const ref = useStepFocus<HTMLDivElement>(answer);
  const charge = answer.attemptsLeft !== undefined || answer.reset;
  return (
    <div className={`form-message form-message--${text.tone} checkout-answer`} role="alert" tabIndex={-1} ref={ref} autoFocus={!hydrated}>
      <p className="checkout-answer__text">
        {text.text}
        {answer.reset ? <span className="checkout-reset"> {message("payment:checkout.resetHint")}</span> : null}
      </p>
      {answer.attemptsLeft && !answer.reset && answer.attemptsLeft < 3 ? (
        <p className="checkout-attempts">{message("payment:checkout.attemptsLeft", { count: answer.attemptsLeft })}</p>
      ) : null}
      {charge ? (
        <p className="checkout-answer__next">
          {message(paypal ? "payment:checkout.declinedNextPaypal" : "payment:checkout.declinedNext")}
          {paypal ? (
            <>
              {" "}
              <a href="#pago-paypal">{message("payment:checkout.paypalButton")}</a>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

export default CheckoutView;
