import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { stepUpAction, stepUpLoader } from "~/features/auth/step-up.server";
import { StepUpView } from "~/features/auth/step-up-view";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { stepUp } from "#locales/es-MX/auth.json";

registerCatalogue("auth", { stepUp });
const t = createTranslator("auth");

export const meta: MetaFunction = () => [{ title: t("stepUp.title") }, { name: "robots", content: "noindex" }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = ({ request }: LoaderFunctionArgs) => stepUpLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => stepUpAction(request, context);

export default function StepUpPage() {
  return <StepUpView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
