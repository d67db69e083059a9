import { readFileSync } from "node:fs";
import path from "node:path";
import { rechargesConfig, type RechargeOffer } from "#schemas/config";
import type { WireOffer } from "~/upstream/conn/offers.schemas";

/**
 * The offers the mock upstreams sell: pages-config/recharges.json (CONFIG_DIR), read once at load
 * with the schema the site reads it with, so the mock is seeded from the catalogue marketing edits
 * and the two agree on ids, prices and data. The conn lists (conn-data.ts) and the eSIM lists
 * (handlers/esim.ts) are views of it in the upstream's wire shape.
 */
const configDir = process.env.CONFIG_DIR ?? path.join(process.cwd(), "pages-config");
export const catalogue: RechargeOffer[] = rechargesConfig.parse(JSON.parse(readFileSync(path.join(configDir, "recharges.json"), "utf8"))).offers;

export const offerById = (offerId: string) => catalogue.find((offer) => offer.offerId === offerId);

/**
 * A config offer as the upstreams list it. The upstream knows an Asociados offer by its type (4):
 * only lines of the programme may buy it, and buying it needs their registered account.
 */
export function toWireOffer(offer: RechargeOffer): WireOffer {
  const associates = offer.type === 4;
  return {
    vigencia: `${offer.duration} días`,
    asociado: associates,
    tipo: offer.type,
    estado: "activo",
    duracion: offer.duration,
    imagen: { movil: offer.imageMobile, escritorio: offer.imageDesktop },
    incluye: offer.includeMessage,
    pesos: offer.price,
    offeringid: offer.offerId,
    disfruta: offer.enjoyMessage ?? null,
    nombre: offer.rechargeName,
    registro: associates,
    mbNavegar: offer.mbNavigation,
    mbRedesSociales: offer.mbSocialNetworks,
  };
}
