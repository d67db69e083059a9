import type { ActionFunctionArgs } from "@remix-run/node";
import { fieldStepResponse } from "~/features/esim/esim.server";

/** POST /api/esim/paso (campo, valor): a field's journey step, sent by a beacon when the field is left (docs/esim.md). */
export const action = ({ request }: ActionFunctionArgs) => fieldStepResponse(request);

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });
