import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { AuthCard } from "~/features/auth/auth-layout";
import { ssoStart } from "~/features/auth/sso.server";
import { useTranslation } from "react-i18next";
import { fixedT } from "~/lib/i18n/fixed-t";
import { catalogueLoader } from "~/lib/i18n/catalogue-loader";
import type { I18nHandle } from "~/lib/i18n/options";

/** The namespaces this page's texts come from (app/lib/i18n/page-resources.tsx). */
export const handle = { i18n: ["auth"] } satisfies I18nHandle;
export const clientLoader = catalogueLoader(handle);

const t = fixedT("auth");

export const meta: MetaFunction = () => [{ title: t("sso.title") }, { name: "robots", content: "noindex" }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return data(await ssoStart(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

/** A signed-in customer's Cuenta Bait: the account pages live on the SSO server. */
export default function SsoAccountPage() {
  const { links } = useLoaderData<typeof loader>();
  const { t: message } = useTranslation(["common", "auth"]);
  return (
    <AuthCard title={message("auth:sso.title")} intro={message("auth:sso.intro")}>
      {links ? (
        <ul role="list" className="auth-card__actions">
          {(["changePassword", "updatePhone", "deleteAccount"] as const).map((name) => (
            <li key={name}>
              <a className="button button--secondary button--block" href={links[name]}>
                {message(`auth:sso.${name}`)} <span className="visually-hidden">{message("auth:sso.opensElsewhere")}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="auth-card__links">
        <Link to="/home">{message("auth:sso.back")}</Link>
      </p>
    </AuthCard>
  );
}

export const ErrorBoundary = RouteError;
