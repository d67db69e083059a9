import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StudioRouteError } from "~/features/studio/auth/studio-error";
import { StudioHome } from "~/features/studio/home-view";
import type { PublishReply } from "~/features/studio/publish-form";
import { loadStudioHome, publishDrafts } from "~/features/studio/studio.server";
import { studioStyles } from "~/features/studio/styles";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import { fixedT } from "~/lib/i18n/fixed-t";
import type { I18nHandle } from "~/lib/i18n/options";
import { blockKinds } from "~/render/blocks/kinds.server";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["studio"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("studio");
export const meta: MetaFunction = () => [{ title: t("home.documentTitle") }, { name: "robots", content: "noindex" }];
export const links: LinksFunction = () => [studioStyles];
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

/** /estudio (docs/studio.md): the marketing studio's home; a post publishes the drafts. */
export const loader = ({ request }: LoaderFunctionArgs) => loadStudioHome(request, blockKinds);
export const action = ({ request }: ActionFunctionArgs) => publishDrafts(request, blockKinds);

/** A publish refused because the drafts changed (409) shows the page again with the drafts as they are now, its form carrying them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export default function StudioHomePage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<PublishReply>();
  return <StudioHome page={page} reply={reply} />;
}

export const ErrorBoundary = StudioRouteError;
