import { cached } from "~/lib/cached.server";
import { env } from "~/lib/env.server";
import { lineNumberMessages, nirErrorKey } from "../errors";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import { areaCodesWire, changeAreaCodeWire, type AreaCode } from "./area-codes.schemas";
import { errorBody } from "./common.schemas";
import { ok, refuse } from "./results.server";

/**
 * Area codes (NIR) on the core upstream. `POST /api/core/servicio/cambio-nir` ("cambioNir") is our
 * path: the spec does not show one.
 */

/**
 * GET /api/core/servicio/nirs/disponibles: the area codes a number can move to. Public data, the
 * same for everyone: kept like the offers and the FAQ (lib/cached.server.ts).
 */
export function getAreaCodes(): Promise<UpstreamResult<AreaCode[]>> {
  return cachedAreaCodes("nirs");
}

const cachedAreaCodes = cached((_key: "nirs") => fetchAreaCodes(), { ttlMs: env.upstreamCacheTtlMs, isFailure: (result) => !result.ok });

function fetchAreaCodes(): Promise<UpstreamResult<AreaCode[]>> {
  return upstreamFetch({ call: "core.areaCodes", upstream: "core", path: "/api/core/servicio/nirs/disponibles", schema: areaCodesWire, messages: { 500: "recharge:areaCode.unavailable", 502: "recharge:areaCode.unavailable" }, errorSchema: errorBody });
}


/**
 * POST /api/core/servicio/cambio-nir { dn, nir }: moves a number to another area code and
 * answers the new number. Refusals carry `reason` = the upstream's `codigo`.
 */
export async function changeAreaCode(input: { number: string; areaCode: string }): Promise<UpstreamResult<{ newNumber: string }>> {
  const call = "core.changeAreaCode";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/servicio/cambio-nir",
    body: { dn: input.number, nir: input.areaCode },
    schema: changeAreaCodeWire,
    messages: { 400: lineNumberMessages[400], 412: nirErrorKey(412), 500: "errors:upstream.unavailable", 502: "errors:upstream.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const { success, codigo, numero, mensaje } = result.data;
  if (!success || !numero) return refuse(call, nirErrorKey(codigo ?? "default"), codigo ?? "default", { upstreamMessage: mensaje });
  return ok({ newNumber: numero }, result.status);
}
