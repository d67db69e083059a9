import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StudioRouteError } from "~/features/studio/auth/studio-error";
import { DocumentView, type DocumentReply } from "~/features/studio/document-view";
import { documentAction, loadDocument } from "~/features/studio/studio.server";
import { studioStyles } from "~/features/studio/styles";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import { fixedT } from "~/lib/i18n/fixed-t";
import type { I18nHandle } from "~/lib/i18n/options";
import { blockKinds } from "~/render/blocks/kinds.server";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["studio"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("studio");
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: t("editor.documentTitle", { file: data?.file ?? "" }) }, { name: "robots", content: "noindex" }];
export const links: LinksFunction = () => [studioStyles];
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** /estudio/documento?archivo=… (docs/studio.md "Editing"): a document's form or JSON; a post saves or drops its draft. */
export const loader = ({ request }: LoaderFunctionArgs) => loadDocument(request);
export const action = ({ request }: ActionFunctionArgs) => documentAction(request, blockKinds);

export default function StudioDocumentPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<DocumentReply>();
  return <DocumentView page={page} reply={reply} />;
}

export const ErrorBoundary = StudioRouteError;
