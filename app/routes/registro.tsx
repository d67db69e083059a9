import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { RegistrationView } from "~/features/auth/registration-view";
import { registerAction, registerPage } from "~/features/auth/registration.server";
import { getSite } from "~/lib/config/config.server";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { retryAfterOf } from "~/lib/retry-after";
import { requireGuest } from "~/lib/session.server";
import { login as loginTexts, recovery as recoveryTexts, register as registerTexts } from "#locales/es-MX/auth.json";

// This page's texts, and the sections whose number errors the step-0 schema shares (login: the
// Bait and service numbers; recovery: the contact phone). Texts of the upstream's checks (the
// ICCID, a wrong code) arrive already in Spanish.
registerCatalogue("auth", { register: registerTexts, login: loginTexts, recovery: recoveryTexts });
const t = createTranslator("auth");

export const meta: MetaFunction = () => [{ title: t("register.title") }, { name: "description", content: t("register.intro") }];

/** Nothing of a registration may be stored by a cache: every answer is private and not kept. */
export const headers: HeadersFunction = ({ actionHeaders }) => ({ "Cache-Control": "private, no-store", ...retryAfterOf(actionHeaders) });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const { headers, ...page } = await registerPage(request);
  return data({ ...page, privacyUrl: getSite().privacyNoticeUrl }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request);
  return registerAction(request, context);
}

export default function RegisterPage() {
  return <RegistrationView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
