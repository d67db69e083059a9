import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StudioRouteError } from "~/features/studio/auth/studio-error";
import { HistoryView } from "~/features/studio/history-view";
import { loadHistory } from "~/features/studio/studio.server";
import { studioStyles } from "~/features/studio/styles";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import { fixedT } from "~/lib/i18n/fixed-t";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["studio"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("studio");
export const meta: MetaFunction = () => [{ title: t("history.documentTitle") }, { name: "robots", content: "noindex" }];
export const links: LinksFunction = () => [studioStyles];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** /estudio/versiones (docs/studio.md "History"): every published version. */
export const loader = ({ request }: LoaderFunctionArgs) => loadHistory(request);

export default function StudioHistoryPage() {
  const page = useLoaderData<typeof loader>();
  return <HistoryView page={page} />;
}

export const ErrorBoundary = StudioRouteError;
