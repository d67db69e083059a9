import * as z from "zod";
import { logger } from "~/lib/log.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";

/**
 * The addresses upstream (docs/sim.md): the colonias of a postal code, for the SIM delivery form and
 * the card plugin's neighbourhood select.
 *
 * Every function answers `UpstreamResult`: `ok: true` with the English domain type when the
 * flow may go on; `ok: false` with a catalogue key otherwise. A business refusal
 * (`success: false`, e.g. an unknown postal code) is `kind: "http"` with the HTTP status of the
 * answer (200) and the upstream's `mensaje` in `upstreamMessage`, which the screen shows when
 * present (docs/sim.md: "server message or 'Hubo un error al consultar tu código postal'").
 */

/**
 * The upstream authenticates the caller with three fixed headers. They are the web channel's
 * identity, not a secret of the user, so they live here as constants (the mock checks them);
 * move them to env when the real values arrive.
 */
export const ADDRESSES_HEADERS = { service: "busqueda-colonias", client: "bait-web", secret: "bait-web-colonias" } as const;

export const POSTAL_CODE_FAILED = "payment:postalCode.lookupFailed";

export const wireColonia = z.object({
  id: z.union([z.number(), z.string()]),
  nombre: z.string().min(1),
  ciudad: z.string(),
  codigoPostal: z.string().regex(/^\d{5}$/),
  tipo: z.string(),
});

export const coloniasResponse = z.object({
  success: z.boolean(),
  mensaje: z.string().nullish(),
  informacion: z
    .object({
      colonias: z.array(wireColonia),
      pais: z.object({ codigo: z.string(), divisa: z.string(), id: z.union([z.number(), z.string()]), nombre: z.string() }),
      estado: z.string(),
      municipio: z.string(),
    })
    .nullish(),
});
export type ColoniasResponse = z.infer<typeof coloniasResponse>;

export type Colonia = { id: string; name: string; city: string; postalCode: string; type: string };
export type PostalCodeLookup = {
  postalCode: string;
  colonias: Colonia[];
  country: { code: string; currency: string; id: string; name: string };
  state: string;
  municipality: string;
};

const errorBody = z.object({ mensaje: z.string().optional(), message: z.string().optional() });

/** GET {addresses}/api/busqueda/colonias/{postalCode}. */
export async function lookUpPostalCode(postalCode: string): Promise<UpstreamResult<PostalCodeLookup>> {
  const call = "addresses.colonias";
  if (!/^\d{5}$/.test(postalCode)) return { ok: false, error: new UpstreamError(call, "http", POSTAL_CODE_FAILED, 400) };
  const result = await upstreamFetch({
    call,
    upstream: "addresses",
    path: `/api/busqueda/colonias/${postalCode}`,
    headers: { ...ADDRESSES_HEADERS },
    schema: coloniasResponse,
    errorSchema: errorBody,
    messages: { 400: POSTAL_CODE_FAILED, 404: POSTAL_CODE_FAILED, 500: POSTAL_CODE_FAILED, 502: POSTAL_CODE_FAILED, 503: POSTAL_CODE_FAILED },
  });
  if (!result.ok) {
    const { error } = result;
    return error.kind === "invalidResponse" ? { ok: false, error: new UpstreamError(call, error.kind, POSTAL_CODE_FAILED, error.status) } : result;
  }
  const { informacion, mensaje, success } = result.data;
  if (!success || !informacion || informacion.colonias.length === 0) {
    logger("upstream").error({ call, status: result.status, colonias: informacion?.colonias.length ?? 0 }, "código postal rechazado");
    return { ok: false, error: new UpstreamError(call, "http", POSTAL_CODE_FAILED, result.status, mensaje ?? undefined) };
  }
  return {
    ok: true,
    status: result.status,
    data: {
      postalCode,
      colonias: informacion.colonias.map((colonia) => ({
        id: String(colonia.id),
        name: colonia.nombre,
        city: colonia.ciudad,
        postalCode: colonia.codigoPostal,
        type: colonia.tipo,
      })),
      country: { code: informacion.pais.codigo, currency: informacion.pais.divisa, id: String(informacion.pais.id), name: informacion.pais.nombre },
      state: informacion.estado,
      municipality: informacion.municipio,
    },
  };
}
