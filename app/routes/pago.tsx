import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { RouteError } from "~/components/route-error";
import { checkoutHandOver } from "~/features/recharge/checkout.server";
import { funnel } from "~/features/tracking/funnel";
import { useMessages } from "~/lib/i18n/react";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { checkout as checkoutTexts } from "#locales/es-MX/recharge.json";

registerCatalogue("recharge", { checkout: checkoutTexts });
const t = createTranslator("recharge");

export const meta: MetaFunction = () => [{ title: `${t("checkout.title")} | Bait` }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The hand-over from the recharge modal to the payment step: the sale summary (SPEC §3 "Extra")
 * of the validated recharge kept in the session. The checkout of the payment plugin takes over
 * from here. Without a sale in the session there is nothing to pay: back to /recargas.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return data(await checkoutHandOver(request), { headers: { "Cache-Control": "private, no-store" } });
}

export default function CheckoutHandOver() {
  const sale = useLoaderData<typeof loader>();
  const message = useMessages();
  useEffect(() => {
    funnel("PaymentFormLoad", { offerId: sale.offerId });
  }, [sale.offerId]);
  return (
    <div className="page checkout-page">
      <h1 className="page-title">{message("recharge:checkout.title")}</h1>
      <p className="checkout-page__intro">{message("recharge:checkout.intro")}</p>
      <section className="checkout-card" aria-labelledby="checkout-summary">
        <h2 id="checkout-summary" className="checkout-card__title">
          {message("recharge:checkout.summary")}
        </h2>
        <dl className="data-summary__list">
          <div>
            <dt>{message("recharge:checkout.recharge")}</dt>
            <dd>
              {sale.description}
              <span className="checkout-card__detail">{sale.includeMessage}</span>
            </dd>
          </div>
          <div>
            <dt>{message("recharge:checkout.validity")}</dt>
            <dd>{sale.validity}</dd>
          </div>
          <div>
            <dt>{message(sale.numberLabel)}</dt>
            <dd>{sale.number}</dd>
          </div>
          {sale.contactPhone ? (
            <div>
              <dt>{message("recharge:checkout.contactPhone")}</dt>
              <dd>{sale.contactPhone}</dd>
            </div>
          ) : null}
          <div>
            <dt>{message("recharge:checkout.email")}</dt>
            <dd>{sale.email}</dd>
          </div>
          <div>
            <dt>{message("recharge:checkout.quantity")}</dt>
            <dd>{sale.quantity}</dd>
          </div>
          <div>
            <dt>{message("recharge:checkout.order")}</dt>
            <dd className="checkout-card__order">{sale.uuid}</dd>
          </div>
          <div className="data-summary__total">
            <dt>{message("recharge:checkout.total")}</dt>
            <dd>{sale.total}</dd>
          </div>
        </dl>
      </section>
      <section className="checkout-next" aria-labelledby="checkout-next">
        <h2 id="checkout-next" className="checkout-next__title">
          {message("recharge:checkout.nextTitle")}
        </h2>
        <p>{message("recharge:checkout.nextText")}</p>
      </section>
      <p>
        <Link to={sale.editHref} className="button button--secondary">
          {message("recharge:checkout.edit")}
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteError;
