import { data as withInit, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { PortalMessages } from "~/features/postpaid/portal-messages";
import { postpaidOrigin } from "~/features/postpaid/portal.server";
import { pageMeta } from "~/render/page/meta";
import { loadConfigPage } from "~/render/page/page.server";
import { ConfigPageView, NotFoundView } from "~/render/page/page-view";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["blocks"] } satisfies I18nHandle;

/**
 * /{product}-pospago (the brand's slug is bait): its config page, gated by the pospaid flag, plus
 * the portal's loader and notices. A route of its own so that the alert dialog it needs is not
 * shipped with every config page.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => pageMeta(data, error);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadConfigPage(request, context);
  return withInit({ ...page.data, portalOrigin: postpaidOrigin() }, page.init ?? undefined);
}

export default function PostpaidPage() {
  const data = useLoaderData<typeof loader>();
  if (data.kind !== "page") return <NotFoundView />;
  return (
    <>
      <ConfigPageView page={data.page} banners={data.banners} />
      <PortalMessages origin={data.portalOrigin} />
    </>
  );
}

export const ErrorBoundary = RouteError;
