import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { ReplacementView } from "~/features/profile/replacement-view";
import { replacementAction, replacementLoader } from "~/features/profile/replacement.server";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { retryAfterOf } from "~/lib/retry-after";
import { register } from "#locales/es-MX/auth.json";
import { edit, replacement } from "#locales/es-MX/profile.json";

// The ICCID and e-mail rules shared with the registration, and this page's texts.
registerCatalogue("auth", { register });
registerCatalogue("profile", { edit, replacement });

const t = createTranslator("profile");

export const meta: MetaFunction = () => [{ title: t("replacement.title") }, { name: "robots", content: "noindex" }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = ({ actionHeaders }) => ({ "Cache-Control": "private, no-store", ...retryAfterOf(actionHeaders) });

export const loader = ({ request }: LoaderFunctionArgs) => replacementLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => replacementAction(request, context);

export default function SimReplacementPage() {
  return <ReplacementView view={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
