import type { LoaderFunctionArgs } from "@remix-run/node";
import { ssoCallback } from "~/features/auth/sso.server";

/** The SSO server sends the browser back here; nothing is rendered, the loader always redirects. */
export const loader = ({ request, context }: LoaderFunctionArgs) => ssoCallback(request, context);
