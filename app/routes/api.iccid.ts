import type { LoaderFunctionArgs } from "@remix-run/node";
import { iccidCheckResponse } from "~/features/auth/registration.server";
import { requireGuest } from "~/lib/session.server";

/**
 * GET /api/iccid?iccid=<13 digits>&serviceNumber=<10 digits>&type=hbb|mifi: the registration's
 * live ICCID check (docs/accounts.md, spec §5). Answers JSON `{ iccid, serviceNumber, ok, message? }`, the
 * message already in Spanish; limited per IP like the other account checks.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request);
  return iccidCheckResponse(request, context);
}
