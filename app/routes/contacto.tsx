import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { ContactForm, type ContactAnswer } from "~/features/leads/contact-form";
import { contactAction } from "~/features/leads/lead.server";
import { CONTACT_PARAM, RETURN_FIELD } from "~/features/leads/urls";
import { getSite } from "~/lib/config/config.server";
import { returnPath } from "~/lib/return-path.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { useTranslation } from "react-i18next";
import { isLeadKind } from "#schemas/forms/contact";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";
import { keepRetryAfter } from "~/lib/retry-after";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["leads", "auth"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("leads");

/**
 * /contacto: where every contact lead form posts (docs/leads.md). A saved lead redirects back to
 * the page the modal was opened on. A form with errors, without JavaScript, comes back here as
 * a page of its own with the errors and what was typed (with JavaScript they come back into the
 * modal). A GET shows the same form: `/contacto?contacto=telefono&volver=/promociones`.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? t(`modal.title.${data.kind}`) : "" }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get(CONTACT_PARAM);
  return data(
    { kind: isLeadKind(kind) ? kind : "whatsapp", returnTo: returnPath(url.searchParams.get(RETURN_FIELD), { drop: [CONTACT_PARAM] }), privacyUrl: getSite().privacyNoticeUrl },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

// What Remix gives a route without headers (its parent's), with the Retry-After of a refused lead.
export const headers: HeadersFunction = keepRetryAfter(({ parentHeaders }) => parentHeaders);

export const action = ({ request, context }: ActionFunctionArgs) => contactAction(request, context);

export default function ContactPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<ContactAnswer>();
  const { t: message } = useTranslation(["common", "leads"]);
  // After a post with errors the page keeps the kind and the way back the form was sent with (the action has resolved it).
  const sent = answer?.result?.initialValue ?? {};
  const kind = isLeadKind(sent.tipo) ? sent.tipo : page.kind;
  const returnTo = typeof sent[RETURN_FIELD] === "string" ? sent[RETURN_FIELD] : page.returnTo;
  return (
    <section className="lead-page">
      <h1 className="lead-page__title">{message(`leads:modal.title.${kind}`)}</h1>
      <ContactForm kind={kind} returnTo={returnTo} privacyUrl={page.privacyUrl} answer={answer} />
      <p className="lead-page__back">
        <a href={returnTo}>{message("leads:modal.back")}</a>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteError;
