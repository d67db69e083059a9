import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { RouteError } from "~/components/route-error";
import { configPageMeta } from "~/render/page/meta";
import { readConfigPage } from "~/render/page/page.server";
import { ConfigPageView } from "~/render/page/page-view";
import { loadRecurrencePage, recurrenceAction, SUCCESS_NOTICES } from "~/features/recurrence/recurrence.server";
import { RecurrenceView, type RecurrenceAnswer } from "~/features/recurrence/recurrence-view";
import { translate } from "~/lib/i18n/i18n.server";
import { takeNotice } from "~/lib/notice.server";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["customer", "recharge", "blocks", "auth"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

/**
 * /recurrente ('Recargas Recurrentes', customers only; an anonymous visitor logs in and comes
 * back): the config page (pages-config/pages/recurrente.json) with the customer's recurring
 * recharges above its blocks, and the payment modal or an operation's confirmation when the URL
 * names one (docs/customer.md). Every form posts here.
 */
export const meta: MetaFunction<typeof loader> = configPageMeta;
export const headers: HeadersFunction = keepRetryAfter({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const found = await readConfigPage(request, context);
  if (!found) throw new Response(null, { status: 404 });
  const [recurrences, { notice, headers }] = await Promise.all([loadRecurrencePage(request), takeNotice(request)]);
  return data(
    {
      page: found.page,
      banners: found.banners,
      recurrences,
      // Translated here: the browser carries only this page's texts.
      notice: notice ? { text: translate(notice), tone: SUCCESS_NOTICES.includes(notice) ? ("success" as const) : ("error" as const) } : null,
    },
    { headers: { ...headers, "Cache-Control": "private, no-store" } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) => recurrenceAction(request, context);

export default function RecurringRechargesPage() {
  const { page, banners, recurrences, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<RecurrenceAnswer>();
  return (
    <ConfigPageView page={page} banners={banners} notice={notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}>
      <RecurrenceView data={recurrences} answer={answer} />
    </ConfigPageView>
  );
}

export const ErrorBoundary = RouteError;
