import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { onDemand } from "~/components/on-demand";
import { RecoveryView as ServerRecoveryView } from "~/features/auth/recovery-view.server";
import { recoveryAction, recoveryLoader } from "~/features/auth/recovery.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { guestPageCacheControl, PRIVATE_PAGE } from "~/render/page/cache-variant.server";
import { keepRetryAfter } from "~/lib/retry-after";
import { requireGuest } from "~/lib/session.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["auth"] } satisfies I18nHandle;
const withTexts = catalogueLoader(handle);
/** The form's code (conform, the schemas) loads apart from the page's first script: app/components/on-demand.tsx. */
const RecoveryView = onDemand(ServerRecoveryView, () => import("~/features/auth/recovery-view"));
export const clientLoader = (args: ClientLoaderFunctionArgs) => {
  RecoveryView.preload();
  return withTexts(args);
};

const t = fixedT("auth");

export const meta: MetaFunction = () => [{ title: t("recovery.title") }, { name: "description", content: t("recovery.intro") }];

/**
 * Step 1 is the same page for everybody, kept briefly by shared caches like a config page; the
 * steps of the flow, a flash notice and a form's answer (entry.server.tsx) are private and never kept.
 */
export const headers: HeadersFunction = keepRetryAfter(({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PRIVATE_PAGE }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return recoveryLoader(request, { publicCacheControl: guestPageCacheControl(true) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request);
  return recoveryAction(request, context);
}

export default function RecoveryPage() {
  return <RecoveryView view={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
