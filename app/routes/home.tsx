import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { loadAccountOverview } from "~/features/account/balance.server";
import { HomeView } from "~/features/account/home-view";
import { paymentNoticeFor } from "~/features/payment/home-notice.server";
import { requestLinksForHome } from "~/features/request-link/home.server";
import { requestLinkStyles } from "~/features/request-link/styles";
import { fixedT } from "~/lib/i18n/fixed-t";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["customer", "requestLink"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("customer");

/**
 * No `noindex`: this page answers only a signed-in visitor (anyone else, a crawler included, is sent
 * to /login), and it is private, no-store, so no index or shared cache ever holds it.
 */
export const meta: MetaFunction = () => [{ title: t("account.title") }, { name: "description", content: t("account.description") }];
/** The 'Pide tu recarga' section's styles (docs/request-link.md). */
export const links: LinksFunction = () => [requestLinkStyles];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const overview = await loadAccountOverview(request);
  // A payment left before its verdict (the site restarted, the answer was lost): how it ended. Beside it,
  // 'Pide tu recarga': the line's open links and the history rows paid through one (docs/request-link.md).
  const [payment, requests] = await Promise.all([paymentNoticeFor(request), requestLinksForHome(request, overview.user, overview.history?.map((row) => row.id) ?? [])]);
  const headers: HeadersInit = payment.setCookie ? { "Cache-Control": "private, no-store", "Set-Cookie": payment.setCookie } : { "Cache-Control": "private, no-store" };
  return data({ ...overview, paymentNotice: payment.notice, requests }, { headers });
}

export default function AccountHome() {
  return <HomeView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
