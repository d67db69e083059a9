import { cached } from "~/lib/cached.server";
import { env } from "~/lib/env.server";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import { connErrorBody } from "./common.schemas";
import { offersResponse, type WireOffer } from "./offers.schemas";
import { refusedRead, withMessage, type ConnOptions } from "./results.server";

/** The recharge offers of the legacy "conn/page" upstream (docs/upstream.md, spec §7). */

const OFFERS_FAILED = "recharge:offers.error";

export type OfferList = "general" | "hbb" | "sams";
const OFFER_PATHS: Record<OfferList, string> = {
  general: "/conn/page/api/app/ofertas",
  hbb: "/conn/page/api/app/ofertasHBB",
  sams: "/conn/page/api/app/ofertasSams",
};

/** The recharge offer of docs/upstream.md, as the upstream sells it. */
export type UpstreamOffer = {
  offerId: string;
  rechargeName: string;
  /** 1 traditional, 2 hbb, 3 mifi, 4 associates, 5 international, 6 packages, 7 SIM, 8 business mifi, 9 business, 99 store. */
  type: WireOffer["tipo"];
  /** MXN. */
  price: number;
  /** Days. */
  duration: number;
  validity: string;
  associated: boolean;
  status: "active" | "inactive";
  imageMobile: string;
  imageDesktop: string;
  includeMessage: string;
  enjoyMessage?: string;
  register: boolean;
  mbNavigation: number;
  mbSocialNetworks: number;
};

export const toOffer = (wire: WireOffer): UpstreamOffer => ({
  offerId: wire.offeringid,
  rechargeName: wire.nombre,
  type: wire.tipo,
  price: wire.pesos,
  duration: wire.duracion,
  validity: wire.vigencia,
  associated: wire.asociado,
  status: wire.estado === "activo" ? "active" : "inactive",
  imageMobile: wire.imagen.movil,
  imageDesktop: wire.imagen.escritorio,
  includeMessage: wire.incluye,
  ...(wire.disfruta ? { enjoyMessage: wire.disfruta } : {}),
  register: wire.registro,
  mbNavigation: wire.mbNavegar,
  mbSocialNetworks: wire.mbRedesSociales,
});

/**
 * GET ofertas / ofertasHBB / ofertasSams. Inactive offers are returned too (status "inactive"):
 * the caller decides. Public data, shared by every visitor: kept for UPSTREAM_CACHE_TTL_MS, one
 * call for concurrent misses, the last list served while the upstream fails (lib/cached.server.ts).
 */
export function getOffers(list: OfferList, options: ConnOptions = {}): Promise<UpstreamResult<UpstreamOffer[]>> {
  return options.timeoutMs === undefined ? cachedOffers(list) : fetchOffers(list, options);
}

const cachedOffers = cached((list: OfferList) => fetchOffers(list), { ttlMs: env.upstreamCacheTtlMs, isFailure: (result) => !result.ok });

async function fetchOffers(list: OfferList, options: ConnOptions = {}): Promise<UpstreamResult<UpstreamOffer[]>> {
  const call = `conn.offers.${list}`;
  const result = await upstreamFetch({ call, upstream: "conn", path: OFFER_PATHS[list], schema: offersResponse, errorSchema: connErrorBody, ...options });
  if (!result.ok) return withMessage(result, OFFERS_FAILED);
  if (result.data.success === false) return refusedRead(call, OFFERS_FAILED, result.status, result.data.mensaje);
  return { ok: true, status: result.status, data: result.data.response.lista.map(toOffer) };
}
