import type { WireOffer } from "~/upstream/conn/offers.schemas";
import { catalogue, toWireOffer } from "./offers";

/**
 * The one offer the upstream has and the config lacks: a retired one ("inactivo") that the real
 * upstream still lists, so the client meets an inactive offer (app/upstream/conn/offers.server.test.ts).
 */
const retired: WireOffer = {
  vigencia: "3 días",
  asociado: false,
  tipo: 1,
  estado: "inactivo",
  duracion: 3,
  imagen: { movil: "/images/offers/traditionals-mobile.svg", escritorio: "/images/offers/traditionals-desktop.svg" },
  incluye: "Incluye minutos y SMS ilimitados a México, EUA y Canadá",
  pesos: 30,
  offeringid: "BAIT30",
  disfruta: null,
  nombre: "Bait 30",
  registro: false,
  mbNavegar: 512,
  mbRedesSociales: 512,
};

/**
 * The offer catalogue of the mock "conn/page" upstream, in its wire shape: every offer of the
 * config (mocks/offers.ts) except the eSIM ones, which the eSIM upstream sells, and the retired one.
 */
export const connOffers: WireOffer[] = [...catalogue.filter((offer) => offer.category !== "e-sim").map(toWireOffer), retired];

/** Which list each endpoint serves: ofertasHBB home internet, ofertasSams the Asociados (Walmart and Sam's Club associates) programme, ofertas everything else. */
export const offersOf = {
  general: () => connOffers.filter((offer) => offer.tipo !== 2 && offer.tipo !== 4),
  hbb: () => connOffers.filter((offer) => offer.tipo === 2),
  sams: () => connOffers.filter((offer) => offer.tipo === 4),
};
