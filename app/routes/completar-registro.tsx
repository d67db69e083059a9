import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { CompleteRegistrationView } from "~/features/auth/complete-registration-view";
import { completeAction, completePage } from "~/features/auth/registration.server";
import { getSite } from "~/lib/config/config.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { requireGuest } from "~/lib/session.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["auth"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("auth");

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
