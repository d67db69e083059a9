import type { LoaderFunctionArgs } from "@remix-run/node";
import { imeiCheckResponse } from "~/features/esim/esim.server";

/**
 * GET /api/imei?imei=<13 to 17 digits>[&recorrido=esim]: the live device check of the eSIM modal
 * and /compatibilidad (docs/esim.md). JSON `{ imei, verdict, tone, message }`, the message in
 * Spanish; limited per IP.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => imeiCheckResponse(request, context);
