import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { InvoiceView } from "~/features/profile/invoice-view";
import { invoiceAction, invoiceLoader } from "~/features/profile/invoice.server";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { register } from "#locales/es-MX/auth.json";
import { invoice } from "#locales/es-MX/profile.json";

// The e-mail rule shared with the registration, and this page's texts.
registerCatalogue("auth", { register });
registerCatalogue("profile", { invoice });

const t = createTranslator("profile");

export const meta: MetaFunction = () => [{ title: t("invoice.title") }, { name: "robots", content: "noindex" }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = ({ request }: LoaderFunctionArgs) => invoiceLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => invoiceAction(request, context);

export default function InvoicePage() {
  return <InvoiceView view={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
