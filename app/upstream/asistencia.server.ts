/**
 * The asistencia upstream (customer support): the FAQ list and the home-internet coverage
 * check by postal code / address. Wire names are the upstream's Spanish ones; the app sees
 * English domain types. Every function returns an `UpstreamResult` and never throws.
 *
 * Business answers: "no coverage" is a normal answer (`covered: false`), not an error. An
 * answer with `success: false` is an error with the call's catalogue key (the upstream's
 * `mensaje` kept in `upstreamMessage`).
 */
import * as z from "zod";
import { cached } from "~/lib/cached.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";

const errorBody = z.object({ message: z.string().optional(), mensaje: z.string().optional() });

// --- FAQ ------------------------------------------------------------------------------------

export const faqWire = z.object({
  success: z.boolean(),
  mensaje: z.string().optional(),
  preguntas: z.array(z.object({ pregunta: z.string().min(1), respuesta: z.string().min(1), categoria: z.string().min(1) })),
});
export type FaqEntry = { question: string; answer: string; category: string };

/**
 * The FAQ: public data, shared by every visitor, kept for UPSTREAM_CACHE_TTL_MS with one call for
 * concurrent misses and the last list served while the upstream fails (lib/cached.server.ts).
 */
export function getFaq(): Promise<UpstreamResult<FaqEntry[]>> {
  return cachedFaq("faq");
}

const cachedFaq = cached((_key: "faq") => fetchFaq(), { ttlMs: env.upstreamCacheTtlMs, isFailure: (result) => !result.ok });

async function fetchFaq(): Promise<UpstreamResult<FaqEntry[]>> {
  const result = await upstreamFetch({
    call: "asistencia.faq",
    upstream: "asistencia",
    path: "/api/asistencia/v2/soporte/preguntas-frecuentes",
    schema: faqWire,
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.success) return refused("asistencia.faq", result.status, "errors:upstream.unavailable", result.data.mensaje);
  return {
    ok: true,
    status: result.status,
    data: result.data.preguntas.map((entry) => ({ question: entry.pregunta, answer: entry.respuesta, category: entry.categoria })),
  };
}

// --- Home-internet coverage -----------------------------------------------------------------

export const coverageRequest = z.object({
  codigoPostal: z.string().regex(/^\d{5}$/),
  direccion: z.string().optional(),
});
export const coverageWire = z.object({
  success: z.boolean(),
  mensaje: z.string().optional(),
  respuesta: z.boolean(),
  direccion: z.string(),
  ubicacion: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).nullable(),
});
export type Coverage = { covered: boolean; address: string; location: { lat: number; lng: number } | null };

export async function checkHomeCoverage(input: { postalCode: string; address?: string }): Promise<UpstreamResult<Coverage>> {
  const body: z.input<typeof coverageRequest> = { codigoPostal: input.postalCode, direccion: input.address };
  const result = await upstreamFetch({
    call: "asistencia.coverage",
    upstream: "asistencia",
    method: "POST",
    path: "/api/asistencia/v2/soporte/cobertura-hbb",
    body,
    schema: coverageWire,
    errorSchema: errorBody,
    messages: { 400: "errors:upstream.badRequest" },
  });
  if (!result.ok) return result;
  if (!result.data.success) return refused("asistencia.coverage", result.status, "errors:upstream.unavailable", result.data.mensaje);
  return { ok: true, status: result.status, data: { covered: result.data.respuesta, address: result.data.direccion, location: result.data.ubicacion } };
}

function refused(call: string, status: number, messageKey: string, upstreamMessage?: string): UpstreamResult<never> {
  logger("upstream").error({ call, status }, "success false");
  return { ok: false, error: new UpstreamError(call, "http", messageKey, status, upstreamMessage) };
}
