import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientLoaderFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import type { CheckoutAnswer } from "~/features/payment/checkout-data";
import { checkoutAction, loadCheckout } from "~/features/payment/checkout.server";
import { onDemand } from "~/components/on-demand";
import { CheckoutView as ServerCheckoutView } from "~/features/payment/checkout-view.server";
import { freshDocumentLoader } from "~/features/payment/fresh-document";
import { fixedT } from "~/lib/i18n/fixed-t";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["payment", "address", "auth"] } satisfies I18nHandle;

const t = fixedT("payment");

/**
 * No `noindex`: the checkout shows only a sale held in the visitor's session (without one, a crawler
 * included, the visitor is sent to /recargas), and it is private, no-store.
 */
export const meta: MetaFunction = () => [{ title: `${t("checkout.title")} | Bait` }, { name: "description", content: t("checkout.intro") }];
/** The checkout holds a sale and answers about a card: never kept by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * /pago, the checkout (docs/payment.md card payment plugin screens): the payment plugin for the sale the
 * recharge modal, the SIM form (and later the eSIM and recurring-recharge flows) left in the
 * session. Without a sale there is nothing to pay: back to /recargas with a notice.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadCheckout(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => checkoutAction(request, context);
/**
 * Reached by a client-side navigation after third-party scripts ran: a full page load instead
 * (fresh-document.ts); otherwise the data and the page's texts, side by side.
 */
const withCatalogues = catalogueLoader(handle);
/** The checkout's code (the card form, conform, the schemas) loads apart from the page's first script: app/components/on-demand.tsx. */
const CheckoutView = onDemand(ServerCheckoutView, () => import("~/features/payment/checkout-view"));
export const clientLoader = (args: ClientLoaderFunctionArgs) => {
  CheckoutView.preload();
  return freshDocumentLoader(args, withCatalogues);
};

/**
 * After every post, even a declined payment (4xx, which Remix would not revalidate by default):
 * the next attempt needs a fresh payment key, and the attempts left are the server's count.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export default function CheckoutPage() {
  const checkoutData = useLoaderData<typeof loader>();
  const answer = useActionData<CheckoutAnswer>();
  return <CheckoutView checkout={checkoutData} answer={answer} />;
}

export const ErrorBoundary = RouteError;
