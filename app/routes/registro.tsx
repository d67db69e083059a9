import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { onDemand } from "~/components/on-demand";
import { RegistrationView as ServerRegistrationView } from "~/features/auth/registration-view.server";
import { registerAction, registerPage } from "~/features/auth/registration.server";
import { getSite } from "~/lib/config/config.server";
import { guestPageCacheControl, PRIVATE_PAGE } from "~/render/page/cache-variant.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { keepRetryAfter } from "~/lib/retry-after";
import { requireGuest } from "~/lib/session.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["auth"] } satisfies I18nHandle;
const withTexts = catalogueLoader(handle);
/** The form's code (conform, the schemas) loads apart from the page's first script: app/components/on-demand.tsx. */
const RegistrationView = onDemand(ServerRegistrationView, () => import("~/features/auth/registration-view"));
export const clientLoader = (args: ClientLoaderFunctionArgs) => {
  RegistrationView.preload();
  return withTexts(args);
};

const t = fixedT("auth");

export const meta: MetaFunction = () => [{ title: t("register.title") }, { name: "description", content: t("register.intro") }];

/**
 * Step 0 is the same page for everybody, kept briefly by shared caches like a config page; the
 * code step, a flash notice and a form's answer (entry.server.tsx) are private and never kept.
 */
export const headers: HeadersFunction = keepRetryAfter(({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PRIVATE_PAGE }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const { headers, ...page } = await registerPage(request, { publicCacheControl: guestPageCacheControl(true) });
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
