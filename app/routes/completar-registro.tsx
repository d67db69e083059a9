import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { CompleteRegistrationView } from "~/features/auth/complete-registration-view";
import { completeAction, completePage } from "~/features/auth/registration.server";
import { getSite } from "~/lib/config/config.server";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { requireGuest } from "~/lib/session.server";
import { completeRegistration as completeTexts, register as registerTexts } from "#locales/es-MX/auth.json";

// This page's texts, and the registration's (the step line, the e-mail errors the schema shares).
registerCatalogue("auth", { completeRegistration: completeTexts, register: registerTexts });
const t = createTranslator("auth");

export const meta: MetaFunction = () => [{ title: t("completeRegistration.title") }, { name: "description", content: t("completeRegistration.intro") }];

/** A verified registration is nobody else's: every answer is private and not kept. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const { headers, ...page } = await completePage(request);
  return data({ ...page, privacyUrl: getSite().privacyNoticeUrl }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  return completeAction(request);
}

export default function CompleteRegistrationPage() {
  return <CompleteRegistrationView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
