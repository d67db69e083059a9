import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { loadPayerPage, payerAction, refusedStatus } from "~/features/request-link/payer.server";
import { PREVIEW_IMAGE } from "~/features/request-link/urls";
import { PayerView } from "~/features/request-link/payer-view";
import { requestLinkStyles } from "~/features/request-link/styles";
import type { FormAnswer } from "~/lib/form-answer.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import { fixedT } from "~/lib/i18n/fixed-t";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["requestLink"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("requestLink");
/** Private to whoever holds the link, and never in a search engine. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * /r/<token>, the payer's page of a 'Pide tu recarga' link (docs/request-link.md): anyone who holds
 * the link, with no account, pays the recharge through the checkout. Its preview for WhatsApp and
 * other apps is Open Graph: the title the page shows, a description and a designed image, none
 * with the line.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => {
  const preview = page?.preview;
  const robots = { name: "robots", content: "noindex, nofollow" };
  if (!preview) return [{ title: t("refused.documentTitle") }, robots];
  return [
    { title: page.kind === "pay" ? t("pay.documentTitle") : t("refused.documentTitle") },
    robots,
    { name: "description", content: preview.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Bait" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:title", content: preview.title },
    { property: "og:description", content: preview.description },
    { property: "og:url", content: preview.url },
    { property: "og:image", content: preview.image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(PREVIEW_IMAGE.width) },
    { property: "og:image:height", content: String(PREVIEW_IMAGE.height) },
    { property: "og:image:alt", content: preview.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};
export const links: LinksFunction = () => [requestLinkStyles];
export const headers: HeadersFunction = () => PRIVATE;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await loadPayerPage(request, context, params.id ?? "");
  return data(page, { status: page.kind === "refused" ? refusedStatus(page.reason) : 200, headers: PRIVATE });
}

export const action = ({ request, context, params }: ActionFunctionArgs) => payerAction(request, context, params.id ?? "");

export default function PayRequestPage() {
  return <PayerView page={useLoaderData<typeof loader>()} answer={useActionData<FormAnswer>()} />;
}

export const ErrorBoundary = RouteError;
