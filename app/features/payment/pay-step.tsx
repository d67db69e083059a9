import { CheckboxField } from "~/components/form/field";
import { funnel } from "~/features/tracking/funnel";
import { useTranslation } from "react-i18next";
import type { CheckoutData } from "./checkout-data";
import type { SaleView } from "./sale.server";

type Ready = Extract<CheckoutData, { ok: true }>;
type Meta = Parameters<typeof CheckboxField>[0]["field"];

/**
 * The consents the plugin lists (docs/payment.md legales: tipo 1 privacy, 2 terms), each with the
 * configured text and a link to the document; the schema requires every one listed.
 */
export function LegalChecks({ checkout, fields }: { checkout: Ready; fields: { privacy?: Meta; terms?: Meta } }) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <fieldset className="checkout-legal" onChange={() => funnel("ChangeLegal", { provider: checkout.plugin.typeCode })}>
      <legend className="visually-hidden">{message("payment:checkout.legalLegend")}</legend>
      {checkout.plugin.legal.map((entry) => {
        const field = entry.kind === "privacy" ? fields.privacy : fields.terms;
        if (!field) return null;
        const error = field.errors?.[0];
        return (
          <div key={entry.kind} className={`checkout-legal__item${error ? " checkout-legal__item--error" : ""}`}>
            <CheckboxField
              field={field}
              label={
                <>
                  {entry.text}{" "}
                  <a href={entry.kind === "privacy" ? checkout.links.privacy : checkout.links.terms} target="_blank" rel="noopener noreferrer">
                    {message(entry.kind === "privacy" ? "payment:checkout.privacyLink" : "payment:checkout.termsLink")}
                    <span className="visually-hidden"> {message("common:a11y.newWindow")}</span>
                  </a>
                </>
              }
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * The pay button with the plugin's text and colours (docs/payment.md default 'Pagar', #1471CE), the
 * amount beside it; disabled while a charge is on its way, when the progress shows instead.
 */
export function PayButton({ checkout, charging, name = "intent", value = "pay", disabled = false }: { checkout: Ready; charging: boolean; name?: string; value?: string; disabled?: boolean }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const { button } = checkout.plugin;
  return (
    <>
      <button
        type="submit"
        name={name}
        value={value}
        className={`button button--primary button--block checkout-pay${button.className ? ` ${button.className}` : ""}`}
        disabled={charging || disabled}
        aria-describedby={charging ? "checkout-progress" : undefined}
      >
        {message("payment:checkout.payAmount", { label: button.text, amount: checkout.sale.totalText })}
      </button>
      {charging ? <PaymentProgress checkout={checkout} /> : null}
    </>
  );
}

/** docs/payment.md progress 'Se esta procesando tu pago', with the plugin's loader text ('Cobrando recarga a tu línea Bait'). */
export function PaymentProgress({ checkout }: { checkout: Ready }) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <div className="checkout-progress" id="checkout-progress" role="status">
      <span className="checkout-progress__spinner" aria-hidden="true" />
      <span>
        <strong>{message("payment:payment.processing")}</strong>
        <span className="checkout-progress__detail">{checkout.plugin.loaderText}</span>
      </span>
    </div>
  );
}

/** The offer's picture (marketing's images), decorative: the description beside it says what it is. */
export function SaleImage({ image, className }: { image: SaleView["image"]; className: string }) {
  if (!image) return null;
  return (
    <picture className={className}>
      <source media="(min-width: 48rem)" srcSet={image.desktop} />
      <img src={image.mobile} alt="" width="320" height="120" />
    </picture>
  );
}
