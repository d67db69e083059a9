import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { onDemand } from "~/components/on-demand";
import { studioHeaders } from "~/features/studio/auth/access.server";
import { signInAction, signInLoader } from "~/features/studio/auth/sign-in.server";
import { StudioSignInView as ServerStudioSignInView } from "~/features/studio/auth/sign-in-view.server";
import { StudioRouteError } from "~/features/studio/auth/studio-error";
import { keepRetryAfter } from "~/lib/retry-after";

/**
 * /estudio/entrar (docs/studio.md "Accounts and roles"): the studio's sign-in, the password again before
 * publishing (?paso=confirmar), and who is signed in. A 404 while the studio is off (no
 * STUDIO_SECRET). Its texts come with its data (app/features/studio/auth/texts.ts).
 */

/** The form's code (conform, the schema) loads apart from the page's first script: app/components/on-demand.tsx. */
const StudioSignInView = onDemand(ServerStudioSignInView, () => import("~/features/studio/auth/sign-in-view"));
export const clientLoader = ({ serverLoader }: ClientLoaderFunctionArgs) => {
  StudioSignInView.preload();
  return serverLoader();
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const robots = { name: "robots", content: "noindex" };
  // An error (the studio off: a 404) keeps the root's title for it.
  if (!data) return [...(matches.find((match) => match.id === "root")?.meta ?? []), robots];
  return [{ title: data.step === "confirm" ? data.texts.confirmDocumentTitle : data.texts.documentTitle }, robots];
};

/** Private and unindexed, whatever the answer (access.server.ts studioHeaders). */
export const headers: HeadersFunction = keepRetryAfter(studioHeaders);

export const loader = ({ request }: LoaderFunctionArgs) => signInLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => signInAction(request, context);

export default function StudioSignInPage() {
  return <StudioSignInView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = StudioRouteError;
