import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { ProfileView } from "~/features/profile/profile-view";
import { profileAction, profileLoader } from "~/features/profile/profile.server";
import "~/lib/i18n/catalogues-auth";
import { createTranslator, registerCatalogue } from "~/lib/i18n/translate";
import { completeRegistration, register } from "#locales/es-MX/auth.json";
import { edit, password, whatsapp } from "#locales/es-MX/profile.json";

// The schemas' messages shared with the registration (name, e-mail, password rule) and this page's texts.
registerCatalogue("auth", { completeRegistration, register });
registerCatalogue("profile", { edit, password, whatsapp });

const t = createTranslator("profile");

export const meta: MetaFunction = () => [{ title: t("edit.title") }, { name: "robots", content: "noindex" }];

/** Account pages are private: never stored by a browser or a proxy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = ({ request }: LoaderFunctionArgs) => profileLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => profileAction(request, context);

export default function EditProfilePage() {
  return <ProfileView view={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteError;
