import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { QrCode } from "~/components/qr-code";
import { RouteError } from "~/components/route-error";
import { loadReceipt } from "~/features/payment/receipt.server";
import { useStepFocus } from "~/features/payment/use-step-focus";
import { useTranslation } from "react-i18next";
import { fixedT } from "~/lib/i18n/fixed-t";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { SummaryList } from "~/components/summary-list";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["payment", "esim"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("payment");

export const meta: MetaFunction = () => [{ title: `${t("receipt.title")} | Bait` }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** /pago/completado: the confirmation of the last payment (docs/payment.md "success … shows confirmation"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const receipt = await loadReceipt(request);
  if (!receipt) throw redirect("/recargas", 303);
  return data(receipt, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PaymentCompleted() {
  const receipt = useLoaderData<typeof loader>();
  const { t: message } = useTranslation(["common", "payment", "esim"]);
  // After the client-side redirect from the pay button, the confirmation is what is announced, and in view.
  const heading = useStepFocus<HTMLHeadingElement>(receipt.orderId);
  return (
    <div className="page receipt-page">
      <section className="receipt" aria-labelledby="receipt-title">
        <span className="receipt__check" aria-hidden="true" />
        {/* autoFocus: without JavaScript too, the confirmation is where the page opens. */}
        <h1 id="receipt-title" className="page-title" tabIndex={-1} ref={heading} autoFocus>
          {message("payment:receipt.title")}
        </h1>
        <p className="receipt__completed" role="status">
          {receipt.completed}
        </p>
        <p className="receipt__next">{receipt.next}</p>
        {receipt.qr ? (
          <section className="receipt__qr" aria-labelledby="receipt-qr-title">
            <h2 id="receipt-qr-title" className="receipt__qr-title">
              {message("esim:receipt.qrTitle")}
            </h2>
            <p>{message("esim:receipt.qrText")}</p>
            <QrCode size={receipt.qr.size} path={receipt.qr.path} label={message("esim:receipt.qrAlt")} />
            <p className="receipt__qr-code">
              {message("esim:receipt.activationCode")}: <code>{receipt.qr.code}</code>
            </p>
          </section>
        ) : null}
        <SummaryList
          className="receipt__details"
          rows={[
            { label: message("payment:receipt.order"), value: receipt.orderId ?? "—" },
            { label: receipt.kindLabel, value: receipt.description },
            ...receipt.lines,
            { label: message("payment:receipt.total"), value: receipt.totalText, total: true },
          ]}
        />
        <p className="receipt__actions">
          <Link className="button button--primary" to="/recargas">
            {message("payment:receipt.rechargeAgain")}
          </Link>
          <Link className="button button--secondary" to="/">
            {message("payment:receipt.home")}
          </Link>
        </p>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
