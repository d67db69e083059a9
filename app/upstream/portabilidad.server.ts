/**
 * The portabilidad upstream: asking to bring a number from another operator to Bait, the
 * "portability guess" that tells whether a captured SIM (ICCID) belongs to a portability in
 * progress, and the portability journey's tracking steps. Spanish wire names, English domain.
 * Every function returns an `UpstreamResult` and never throws.
 *
 * Business answers: a request the upstream refuses comes back as HTTP 200 with
 * `success: false` and a `code`; it becomes `{ ok: false, error }` whose `messageKey` is the
 * reason's key of `portabilityKeys` (errors.ts), with the upstream's text in `upstreamMessage`.
 * An ICCID that belongs to no portability (HTTP 404) is a normal answer: `fromPortability: false`.
 */
import * as z from "zod";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { portabilityKeys, PORTABILITY_FROM_ICCID } from "./errors";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";

const errorBody = z.object({ message: z.string().optional(), mensaje: z.string().optional() });

// --- Portability request ----------------------------------------------------------------------

/** Why the upstream refused a request; anything else is read as `ERROR`. */
export const portabilityRefusal = z.enum(["NIP_INVALIDO", "ES_BAIT", "EN_PROCESO", "ICCID_INVALIDO", "ERROR"]).catch("ERROR");
const refusalKeys: Record<z.infer<typeof portabilityRefusal>, string> = {
  NIP_INVALIDO: portabilityKeys.nipInvalid,
  ES_BAIT: portabilityKeys.alreadyBait,
  EN_PROCESO: portabilityKeys.inProgress,
  ICCID_INVALIDO: portabilityKeys.iccidInvalid,
  ERROR: portabilityKeys.default,
};

export const portabilityRequestWire = z.object({
  numero: z.string().regex(/^\d{10}$/),
  nip: z.string().regex(/^\d{4}$/),
  iccid: z.string().regex(/^\d{19}$/),
  contacto: z.object({ nombre: z.string().min(1), correo: z.email(), telefono: z.string().regex(/^\d{10}$/) }),
});
export const portabilityAnswerWire = z.discriminatedUnion("success", [
  z.object({ success: z.literal(true), message: z.string(), folio: z.string().min(1) }),
  z.object({ success: z.literal(false), message: z.string().optional(), code: portabilityRefusal.optional() }),
]);

export type PortabilityInput = { number: string; nip: string; iccid: string; contact: { name: string; email: string; phone: string } };
export type PortabilityRequested = { folio: string; messageKey: string; upstreamMessage: string };

export async function requestPortability(input: PortabilityInput): Promise<UpstreamResult<PortabilityRequested>> {
  const body: z.input<typeof portabilityRequestWire> = {
    numero: input.number,
    nip: input.nip,
    iccid: input.iccid,
    contacto: { nombre: input.contact.name, correo: input.contact.email, telefono: input.contact.phone },
  };
  const call = "portabilidad.request";
  const result = await upstreamFetch({
    call,
    upstream: "portabilidad",
    method: "POST",
    path: "/api/portabilidad/v2/portabilidad",
    body,
    schema: portabilityAnswerWire,
    errorSchema: errorBody,
    messages: { 400: "errors:upstream.badRequest" },
  });
  if (!result.ok) return result;
  const answer = result.data;
  if (!answer.success) {
    const code = answer.code ?? "ERROR";
    logger("upstream").error({ call, reason: code }, "rechazada");
    return { ok: false, error: new UpstreamError(call, "http", refusalKeys[code], result.status, answer.message) };
  }
  return { ok: true, status: result.status, data: { folio: answer.folio, messageKey: portabilityKeys.requested, upstreamMessage: answer.message } };
}

// --- Portability guess by ICCID ---------------------------------------------------------------

export const portabilityGuessWire = z.object({ success: z.boolean(), iccid: z.string().regex(/^\d{19}$/), dn: z.string().regex(/^\d{10}$/) });
export type PortabilityGuess = { fromPortability: true; iccid: string; number: string; messageKey: string } | { fromPortability: false };

export async function guessPortabilityByIccid(iccid: string): Promise<UpstreamResult<PortabilityGuess>> {
  const result = await upstreamFetch({
    call: "portabilidad.guessByIccid",
    upstream: "portabilidad",
    path: `/api/portabilidad/v2/portabilidad/iccid/${encodeURIComponent(iccid)}`,
    schema: portabilityGuessWire,
    errorSchema: errorBody,
  });
  if (!result.ok) {
    return result.error.kind === "http" && result.error.status === 404 ? { ok: true, status: 404, data: { fromPortability: false } } : result;
  }
  if (!result.data.success) return { ok: true, status: result.status, data: { fromPortability: false } };
  return { ok: true, status: result.status, data: { fromPortability: true, iccid: result.data.iccid, number: result.data.dn, messageKey: PORTABILITY_FROM_ICCID } };
}

// --- Portability journey tracking ----------------------------------------------------------------

export const portabilityTrackingWire = z.object({ success: z.boolean() });

/** Records one step of a visitor's portability journey. Callers may ignore a failure: it never blocks the flow. */
export async function trackPortabilityStep(uuid: string, step: string, value: string): Promise<UpstreamResult<{ recorded: boolean }>> {
  const result = await upstreamFetch({
    call: "portabilidad.tracking",
    upstream: "portabilidad",
    method: "POST",
    path: `/api/portabilidad/v2/portabilidad/tracking/${encodeURIComponent(uuid)}/${encodeURIComponent(step)}`,
    body: { valor: value },
    schema: portabilityTrackingWire,
    // A tracking step must never hold the journey up: a short timeout, whatever the default.
    timeoutMs: Math.min(3000, env.upstreamTimeoutMs),
  });
  return result.ok ? { ok: true, status: result.status, data: { recorded: result.data.success } } : result;
}
