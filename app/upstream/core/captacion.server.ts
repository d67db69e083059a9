import { lineNumberMessages } from "../errors";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import { acknowledgementWire, successWire } from "./captacion.schemas";
import { errorBody } from "./common.schemas";
import { ok, refuse } from "./results.server";

/** Captación on the core upstream: the journey, the "switch to Bait" leads and the WhatsApp opt-in. */

/**
 * GET /api/core/captacion/journey/{uuid}/update/{event}/{check}: records a journey step.
 * The answer is not read; a failure is logged by `upstreamFetch` and the caller goes on.
 */
export async function recordJourneyStep(input: { uuid: string; event: string; check: string | boolean }): Promise<UpstreamResult<null>> {
  const result = await upstreamFetch({
    call: "core.journeyStep",
    upstream: "core",
    path: `/api/core/captacion/journey/${encodeURIComponent(input.uuid)}/update/${encodeURIComponent(input.event)}/${encodeURIComponent(String(input.check))}`,
    schema: acknowledgementWire,
  });
  return result.ok ? ok(null, result.status) : result;
}

export type Campaign = { campaign?: string; content?: string; medium?: string; source?: string };

/** Sent with the lead: which site and service the lead comes from (docs/upstream.md names the headers, not their values). */
export const LEAD_HEADERS = { Ordaccess: "web", Ordservicio: "captacion" } as const;

/**
 * POST /api/core/captacion/contacto: a "switch to Bait" lead. `channel` "whatsapp" sends
 * tipo 2, "phone" tipo 1 (docs/upstream.md). `idempotencyKey`, the lead's id in the outbox,
 * travels as `Idempotency-Key`: a lead sent again after a crash carries the same one
 * (docs/leads.md).
 */
export async function sendContactLead(input: { name: string; phone: string; channel: "whatsapp" | "phone"; compatible?: boolean; campaign?: Campaign; idempotencyKey?: string }): Promise<UpstreamResult<null>> {
  const call = "core.contactLead";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/captacion/contacto",
    headers: { ...LEAD_HEADERS, ...(input.idempotencyKey ? { "Idempotency-Key": input.idempotencyKey } : {}) },
    body: {
      campania: { campaign: input.campaign?.campaign ?? "", content: input.campaign?.content ?? "", medium: input.campaign?.medium ?? "", source: input.campaign?.source ?? "" },
      persona: { compatible: input.compatible ?? true, nombre: input.name, telefono: input.phone, tipo: input.channel === "whatsapp" ? 2 : 1 },
    },
    schema: acknowledgementWire,
    messages: { 400: "recharge:lead.invalid", 500: "recharge:lead.error", 502: "recharge:lead.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (result.data.success === false) return refuse(call, "recharge:lead.error", "refused");
  return ok(null, result.status);
}

/** POST /api/core/subscribe/opt-in/whatsapp { dn }: the customer agrees to WhatsApp messages. */
export async function optInWhatsapp(number: string): Promise<UpstreamResult<null>> {
  const call = "core.whatsappOptIn";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/subscribe/opt-in/whatsapp",
    body: { dn: number },
    schema: successWire,
    messages: { 400: lineNumberMessages[400], 412: lineNumberMessages[412], 500: "recharge:optIn.error", 502: "recharge:optIn.error" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.success) return refuse(call, "recharge:optIn.error", "refused", { upstreamMessage: result.data.message ?? result.data.mensaje });
  return ok(null, result.status);
}
