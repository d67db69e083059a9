import { createCookie } from "@remix-run/node";
import * as z from "zod";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { recordJourneyStep } from "~/upstream/core/captacion.server";
import { assignEsimSession, saveEsimJourney, trackEsimStep, type EsimFlow, type EsimJourneyData, type EsimStep } from "~/upstream/esim.server";

/**
 * The visitor's eSIM journey (docs/esim.md "Journey tracking", spec §4, §7): one session uuid
 * per visitor from the eSIM upstream (asked up to 3 times), kept a day in a signed, httpOnly
 * cookie (the spec's visitor record); the steps imeicompatible, bait, boton and each field
 * left valid; the all-data update when the visitor goes to pay.
 *
 * Tracking never holds the visitor up: steps are sent without waiting for the answer and a
 * failure is logged, never shown. Only the session uuid is needed to buy (the purchase is
 * filed under it), so its failure is the one the visitor sees.
 */

const JOURNEY_MAX_AGE = 60 * 60 * 24;
export const SESSION_ATTEMPTS = 3;

const journeyCookie = createCookie(env.isProduction ? "__Host-bait_visitante" : "bait_visitante", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  path: "/",
  secrets: [env.sessionSecret],
  maxAge: JOURNEY_MAX_AGE,
});

const journeyValue = z.object({ uuid: z.string().min(1).max(80) });

/** The journey uuid the visitor's cookie carries, if any. */
export async function readJourney(request: Request): Promise<string | null> {
  const parsed = journeyValue.safeParse(await journeyCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data.uuid : null;
}

export type JourneyStart = { ok: true; uuid: string; setCookie: string | null } | { ok: false };

/**
 * The visitor's journey: the one the cookie names, or a new session (up to 3 asks of the
 * upstream, spec §9 "session uuid retries 3") with the cookie that keeps it a day.
 */
export async function startJourney(request: Request, options: { fresh?: boolean } = {}): Promise<JourneyStart> {
  const known = options.fresh ? null : await readJourney(request);
  if (known) return { ok: true, uuid: known, setCookie: null };
  for (let attempt = 1; attempt <= SESSION_ATTEMPTS; attempt += 1) {
    const session = await assignEsimSession();
    if (session.ok) return { ok: true, uuid: session.data, setCookie: await journeyCookie.serialize({ uuid: session.data }) };
  }
  logger("esim").error({ attempts: SESSION_ATTEMPTS }, "no se obtuvo la sesión del recorrido");
  return { ok: false };
}

/** Runs a tracking call without making anyone wait for it; a failure is logged (by the client) and forgotten. */
function background(call: Promise<unknown>) {
  call.catch((error: unknown) => logger("esim").error({ err: error }, "seguimiento no enviado"));
}

/** A journey step (imeicompatible, bait, boton, telefono, correo, imei). */
export function recordStep(uuid: string, step: EsimStep, value: string | boolean) {
  background(trackEsimStep(uuid, step, value));
}

/** The portability flow's own step on the captación journey (docs/esim.md "portability tracking"). */
export function recordPortabilityStep(uuid: string, step: string, value: string | boolean) {
  background(recordJourneyStep({ uuid, event: `portabilidad-${step}`, check: value }));
}

/** The all-data update: everything the form holds, and whether the visitor went on to pay. */
export function saveJourney(uuid: string, flow: EsimFlow, data: EsimJourneyData) {
  background(saveEsimJourney(uuid, flow, data));
}
