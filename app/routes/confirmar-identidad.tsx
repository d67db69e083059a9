import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { stepUpAction, stepUpLoader } from "~/features/auth/step-up.server";
import { StepUpView } from "~/features/auth/step-up-view";
import { fixedT } from "~/lib/i18n/fixed-t";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["auth"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("auth");

export const meta: MetaFunction = () => [{ title: t("stepUp.title") }, { name: "robots", content: "noindex" }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = keepRetryAfter({ "Cache-Control": "private, no-store" });

export const loader = ({ request }: LoaderFunctionArgs) => stepUpLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => stepUpAction(request, context);

export default function StepUpPage() {
  return <StepUpView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
