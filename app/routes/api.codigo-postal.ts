import type { LoaderFunctionArgs } from "@remix-run/node";
import { postalLookupResponse } from "~/features/address/postal.server";

/**
 * GET /api/codigo-postal?cp=<5 digits>: the colonias of a postal code for the address forms
 * (docs/sim.md "lookup at 5", spec §7 colonias call). JSON `{ ok: true, postalCode, colonias, city,
 * municipality, state, country }` or `{ ok: false, message }`, the message in Spanish; 400 when
 * the code is not 5 digits; failed lookups are limited per IP.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => postalLookupResponse(request, context);
