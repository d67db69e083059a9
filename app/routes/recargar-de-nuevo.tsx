import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientLoaderFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import type { CheckoutAnswer } from "~/features/payment/checkout-data";
import { freshDocumentLoader } from "~/features/payment/fresh-document";
import { loadRepeat, repeatAction } from "~/features/repeat/repeat.server";
import { RepeatView } from "~/features/repeat/repeat-view";
import { repeatStyles } from "~/features/repeat/styles";
import { fixedT } from "~/lib/i18n/fixed-t";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["payment"] } satisfies I18nHandle;

const t = fixedT("payment");

export const meta: MetaFunction = () => [{ title: `${t("repeat.title")} | Bait` }, { name: "robots", content: "noindex" }];
export const links: LinksFunction = () => [repeatStyles];
/** A signed-in customer's payment: never kept by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * /recargar-de-nuevo?folio=<orderID> (docs/payment.md "Repeat with the kept card"), linked from
 * /home's history: an applied recharge paid again with the card the provider keeps for the
 * customer, or today's prefilled checkout when there is none.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadRepeat(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => repeatAction(request, context);
/** A payment page: reached after third-party scripts ran, a full page load (fresh-document.ts); otherwise the data and the texts. */
const withCatalogues = catalogueLoader(handle);
export const clientLoader = (args: ClientLoaderFunctionArgs) => freshDocumentLoader(args, withCatalogues);
/** After every post, a decline included: the next attempt needs a fresh payment key. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

export default function RepeatRechargePage() {
  const repeat = useLoaderData<typeof loader>();
  const answer = useActionData<CheckoutAnswer>();
  return <RepeatView repeat={repeat} answer={answer} />;
}

export const ErrorBoundary = RouteError;
