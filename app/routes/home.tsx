import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { loadAccountOverview } from "~/features/account/balance.server";
import { HomeView } from "~/features/account/home-view";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { account as accountTexts } from "#locales/es-MX/auth.json";
import { home as homeTexts } from "#locales/es-MX/customer.json";

registerCatalogue("auth", { account: accountTexts });
registerCatalogue("customer", { home: homeTexts });

const t = createTranslator("auth");

export const meta: MetaFunction = () => [{ title: t("account.title") }, { name: "robots", content: "noindex" }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return data(await loadAccountOverview(request), { headers: { "Cache-Control": "private, no-store" } });
}

export default function AccountHome() {
  return <HomeView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
