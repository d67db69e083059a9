import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StudioRouteError } from "~/features/studio/auth/studio-error";
import type { PublishReply } from "~/features/studio/publish-form";
import { loadVersion, restoreVersion } from "~/features/studio/studio.server";
import { studioStyles } from "~/features/studio/styles";
import { VersionView } from "~/features/studio/version-view";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import { fixedT } from "~/lib/i18n/fixed-t";
import type { I18nHandle } from "~/lib/i18n/options";
import { blockKinds } from "~/render/blocks/kinds.server";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["studio"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("studio");
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: t("version.documentTitle", { version: data?.summary.number ?? "" }) }, { name: "robots", content: "noindex" }];
export const links: LinksFunction = () => [studioStyles];
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** /estudio/versiones/:numero (docs/studio.md "History"): one version's changes and preview; a post restores it. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadVersion(request, params.numero);
export const action = ({ request, params }: ActionFunctionArgs) => restoreVersion(request, params.numero, blockKinds);

export default function StudioVersionPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<PublishReply>();
  return <VersionView page={page} reply={reply} />;
}

export const ErrorBoundary = StudioRouteError;
