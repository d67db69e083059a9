import type { LoaderFunctionArgs } from "@remix-run/node";
import { configStatusResponse } from "~/features/config-status/status.server";

/** The config status page for operators (docs/config.md "Status page"): token-protected, a 404 without CONFIG_STATUS_TOKEN. */
export const loader = ({ request, context }: LoaderFunctionArgs) => configStatusResponse(request, context.cspNonce);
