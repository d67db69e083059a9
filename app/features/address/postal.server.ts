import type { AppLoadContext } from "@remix-run/node";
import { POSTAL_CODE_PATTERN } from "#schemas/forms/address";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { lookUpPostalCode, POSTAL_CODE_FAILED } from "~/upstream/addresses.server";
import { translate } from "~/lib/i18n/i18n.server";

/**
 * The postal-code lookup (docs/sim.md colonias call) as forms use it: the SIM delivery form and the
 * card form's billing address. Answers the colonias and what the code says of the place, or
 * the message the customer sees (docs/sim.md): the upstream's `mensaje` when it refused the code,
 * else 'Hubo un error al consultar tu código postal'. Texts are already in Spanish.
 */
export type PostalLookup = {
  ok: true;
  postalCode: string;
  colonias: Array<{ id: string; name: string }>;
  city: string;
  municipality: string;
  state: string;
  country: string;
};
/** `unavailable`: the lookup could not be made (the upstream failed), the code itself was not refused. */
export type PostalLookupAnswer = PostalLookup | { ok: false; message: string; unavailable?: true };

export async function postalLookup(postalCode: string): Promise<PostalLookupAnswer> {
  const code = postalCode.trim();
  if (!POSTAL_CODE_PATTERN.test(code)) return { ok: false, message: translate("address:postalCodeDigits") };
  const result = await lookUpPostalCode(code);
  if (!result.ok) {
    const { error } = result;
    // Only a refusal the upstream answered on purpose (success: false, HTTP 2xx) speaks to the
    // customer; the text of an HTTP error or an outage is for our logs.
    const refusal = error.status !== undefined && error.status >= 200 && error.status < 300 ? error.upstreamMessage?.trim() : undefined;
    if (refusal) return { ok: false, message: refusal };
    const refused = error.kind === "http" && error.status !== undefined && error.status < 500;
    return { ok: false, message: translate(POSTAL_CODE_FAILED), ...(refused ? {} : { unavailable: true as const }) };
  }
  const { data } = result;
  return {
    ok: true,
    postalCode: data.postalCode,
    colonias: data.colonias.map((colonia) => ({ id: colonia.id, name: colonia.name })),
    city: data.colonias[0]?.city ?? "",
    municipality: data.municipality,
    state: data.state,
    country: data.country.name,
  };
}

/**
 * A lookup counted against the visitor's IP (100 failed lookups in 15 minutes, like the line
 * checks), so the form cannot be used to hammer the addresses upstream. `limited` says the
 * lookup was not made.
 */
export async function limitedPostalLookup(postalCode: string, context: AppLoadContext): Promise<PostalLookupAnswer & { limited?: true; retryAfterSeconds?: number }> {
  const attempt = { action: "postal" as const, ip: context.clientIp };
  // Reserved before the upstream is asked; only a failed lookup keeps it.
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) {
    const { key, values } = tooManyAttempts(limit);
    return { ok: false, message: translate(key, values), limited: true, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const answer = await postalLookup(postalCode);
  if (answer.ok) await rateLimiter.forgive(attempt);
  return answer;
}

/**
 * GET /api/codigo-postal?cp=06600: the lookup for the browser (the forms ask it once the 5th
 * digit is typed). JSON `PostalLookupAnswer`; a found code may be kept by the browser for
 * 5 minutes, a refusal is not kept.
 */
export async function postalLookupResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const postalCode = (new URL(request.url).searchParams.get("cp") ?? "").trim();
  const noStore = { "Cache-Control": "private, no-store" };
  if (!POSTAL_CODE_PATTERN.test(postalCode)) {
    return Response.json({ ok: false, message: translate("address:postalCodeDigits") } satisfies PostalLookupAnswer, { status: 400, headers: noStore });
  }
  const { limited, retryAfterSeconds, ...answer } = await limitedPostalLookup(postalCode, context);
  if (limited) return Response.json(answer, { status: 429, headers: { ...noStore, "Retry-After": String(retryAfterSeconds ?? 60) } });
  return Response.json(answer, { headers: answer.ok ? { "Cache-Control": "private, max-age=300" } : noStore });
}
