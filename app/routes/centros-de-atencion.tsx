import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { centresByState } from "~/features/help/centres";
import { helpQuery, readFaq, searchFaq } from "~/features/help/faq.server";
import { CentreFilter, FaqSection } from "~/features/help/help-view";
import type { ResolvedBlock } from "~/render/blocks/types";
import { configPageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ToolPageView } from "~/render/page/tool-page-view";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["help", "blocks"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * /centros-de-atencion, the help centre the legacy FAQ aliases lead to (docs/prospect.md "Help
 * centre"): the config page with its stores block filtered by `?estado=` (the filter after the
 * hero), and the upstream's FAQ searched by `?q=` after the page's blocks. Both are GET forms.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type StoresEntry = Extract<ResolvedBlock, { block: { type: "stores" } }>;
const isStores = (entry: ResolvedBlock): entry is StoresEntry => entry.block.type === "stores";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { q: query = "", estado } = helpQuery(url);
  const [found, faq] = await Promise.all([readConfigPage(request, context), readFaq()]);
  if (!found) throw new Response(null, { status: 404 });
  let filter = { states: [] as string[], selected: null as string | null, shown: 0 };
  const blocks = found.page.blocks.map((entry): ResolvedBlock => {
    if (!isStores(entry)) return entry;
    const { states, selected, keep } = centresByState(entry.block.stores, estado);
    filter = { states, selected, shown: keep.filter(Boolean).length };
    return { block: { ...entry.block, stores: entry.block.stores.filter((_, index) => keep[index]) }, data: { phones: entry.data.phones.filter((_, index) => keep[index]) } };
  });
  return data(
    { page: { ...found.page, blocks }, banners: found.banners, filter, query, faq: faq ? searchFaq(faq, query) : null },
    { headers: { "Cache-Control": found.cacheControl } },
  );
}

export default function HelpCentrePage() {
  const { page, banners, filter, query, faq } = useLoaderData<typeof loader>();
  return (
    <ToolPageView
      page={page}
      banners={banners}
      tool={filter.states.length ? <CentreFilter {...filter} query={query} /> : null}
      after={<FaqSection groups={faq} query={query} state={filter.selected} />}
    />
  );
}

export const ErrorBoundary = RouteError;
