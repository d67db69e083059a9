import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { onDemand } from "~/components/on-demand";
import { LoginView as ServerLoginView } from "~/features/auth/login-view.server";
import { flagSubject, isOn } from "~/features/flags/flags.server";
import { loginAction, loginProfile } from "~/features/auth/login.server";
import { guestPageCacheControl, PRIVATE_PAGE } from "~/render/page/cache-variant.server";
import { getSite } from "~/lib/config/config.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { requireGuest } from "~/lib/session.server";
import { takeNotice } from "~/lib/notice.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["auth"] } satisfies I18nHandle;
const withTexts = catalogueLoader(handle);
/** The form's code (conform, the schema) loads apart from the page's first script: app/components/on-demand.tsx. */
const LoginView = onDemand(ServerLoginView, () => import("~/features/auth/login-view"));
export const clientLoader = (args: ClientLoaderFunctionArgs) => {
  LoginView.preload();
  return withTexts(args);
};

const t = fixedT("auth");

export const meta: MetaFunction = () => [{ title: t("login.title") }, { name: "description", content: t("login.intro") }];

/**
 * The same page for every visitor, kept briefly by shared caches like a config page, unless it
 * shows a flash notice ('Tu contraseña se cambió…'); a form's answer is private (entry.server.tsx).
 */
export const headers: HeadersFunction = keepRetryAfter(({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PRIVATE_PAGE }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request);
  const { notice, headers } = await takeNotice(request);
  return data(
    {
      profile: loginProfile(request),
      notice,
      privacyUrl: getSite().privacyNoticeUrl,
      // The SSO entry shows when the sso flag covers this visitor as they are (no number typed yet):
      // the same for every anonymous visitor unless the flag rolls out by percentage or IP, and
      // then every page is private (publicPageCacheControl).
      sso: isOn("sso", flagSubject(context, null)),
    },
    { headers: { ...headers, "Cache-Control": guestPageCacheControl(notice === null) } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request);
  return loginAction(request, context);
}

export default function LoginPage() {
  return <LoginView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
