import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { RecoveryView } from "~/features/auth/recovery-view";
import { recoveryAction, recoveryLoader } from "~/features/auth/recovery.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { retryAfterOf } from "~/lib/retry-after";
import { requireGuest } from "~/lib/session.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["auth"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("auth");

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
