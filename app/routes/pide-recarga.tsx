import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { loadMakerPage, makerAction } from "~/features/request-link/maker.server";
import { MakerView } from "~/features/request-link/maker-view";
import { requestLinkStyles } from "~/features/request-link/styles";
import type { FormAnswer } from "~/lib/form-answer.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import { fixedT } from "~/lib/i18n/fixed-t";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["requestLink"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("requestLink");

/**
 * /pide-recarga, 'Pide tu recarga' (docs/request-link.md): a customer's own line or a number a
 * visitor typed (`?numero=`, from the number-first answer), the form that makes a link, the link
 * just made to share (`?enlace=`), and the customer's open links; the forms post here.
 */
export const meta: MetaFunction = () => [{ title: t("documentTitle") }, { name: "robots", content: "noindex" }];
export const links: LinksFunction = () => [requestLinkStyles];
/** About someone's line, and holding a link: never kept by a cache. */
export const headers: HeadersFunction = keepRetryAfter({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return data(await loadMakerPage(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export const action = ({ request, context }: ActionFunctionArgs) => makerAction(request, context);

export default function RequestLinkPage() {
  return <MakerView page={useLoaderData<typeof loader>()} answer={useActionData<FormAnswer>()} />;
}

export const ErrorBoundary = RouteError;
