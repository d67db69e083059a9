import { upstreamFetch, type UpstreamResult } from "../http.server";
import { connErrorBody } from "./common.schemas";
import { refusedRead, type ConnOptions } from "./results.server";
import { serviceabilityResponse } from "./serviceability.schemas";

export type Serviceability = { address: string; hasCoverage: boolean; location?: { latitude: number; longitude: number } };

/** GET serviceability?direccion=: whether home internet reaches an address (a postal code is enough). */
export async function checkServiceability(address: string, options: ConnOptions = {}): Promise<UpstreamResult<Serviceability>> {
  const call = "conn.serviceability";
  const result = await upstreamFetch({ call, upstream: "conn", path: "/conn/page/api/altan/serviceability", query: { direccion: address }, schema: serviceabilityResponse, errorSchema: connErrorBody, ...options });
  // docs/upstream.md has no text of its own for this call: the generic upstream messages apply.
  if (!result.ok) return result;
  const answer = result.data;
  if (!answer.success) return refusedRead(call, "errors:upstream.generic", result.status, answer.mensaje);
  return {
    ok: true,
    status: result.status,
    data: {
      address: answer.direccion,
      hasCoverage: answer.capacidad,
      ...(answer.ubicacion ? { location: { latitude: answer.ubicacion.latitud, longitude: answer.ubicacion.longitud } } : {}),
    },
  };
}
