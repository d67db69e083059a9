import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { RecoveryView } from "~/features/auth/recovery-view";
import { recoveryAction, recoveryLoader } from "~/features/auth/recovery.server";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { retryAfterOf } from "~/lib/retry-after";
import { requireGuest } from "~/lib/session.server";
import { completeRegistration, login, recovery, register } from "#locales/es-MX/auth.json";

// The sections this page shows besides catalogues-auth's: its own, and those of the schemas'
// messages (number, confirmation and password rules shared with login and registration).
registerCatalogue("auth", { recovery, login, register, completeRegistration });

const t = createTranslator("auth");

export const meta: MetaFunction = () => [{ title: t("recovery.title") }, { name: "description", content: t("recovery.intro") }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = ({ actionHeaders }) => ({ "Cache-Control": "private, no-store", ...retryAfterOf(actionHeaders) });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return recoveryLoader(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request);
  return recoveryAction(request, context);
}

export default function RecoveryPage() {
  return <RecoveryView view={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
