import type { LoaderFunctionArgs } from "@remix-run/node";
import { lineCheckResponse } from "~/features/recharge/recharge.server";

/**
 * GET /api/linea?numero=<10 digits>&oferta=<offer id>: the recharge modal's live line check
 * (docs/recharge.md). JSON `{ number, ok, message? }`, the message in Spanish; limited per IP.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => lineCheckResponse(request, context);
