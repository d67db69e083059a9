import * as z from "zod";
import { amount } from "./common.schemas";

/** Wire schemas of the offers: GET /conn/page/api/app/ofertas, ofertasHBB, ofertasSams. */

export const offerTypeCode = z.literal([1, 2, 3, 4, 5, 6, 7, 8, 9, 99]);

export const wireOffer = z.object({
  /** Human validity text, e.g. "30 días". */
  vigencia: z.string(),
  /** Only for lines registered in the Asociados programme. */
  asociado: z.boolean(),
  tipo: offerTypeCode,
  /** "activo" offers are on sale. */
  estado: z.enum(["activo", "inactivo"]),
  /** Days. */
  duracion: z.number().int().nonnegative(),
  imagen: z.object({ movil: z.string().min(1), escritorio: z.string().min(1) }),
  incluye: z.string(),
  /** Price in MXN. */
  pesos: amount,
  offeringid: z.string().min(1),
  disfruta: z.string().nullish(),
  nombre: z.string().min(1),
  /** Buying it needs a registered account. */
  registro: z.boolean(),
  mbNavegar: amount,
  mbRedesSociales: amount,
});
export type WireOffer = z.infer<typeof wireOffer>;

export const offersResponse = z.object({
  success: z.boolean().optional(),
  mensaje: z.string().optional(),
  response: z.object({ lista: z.array(wireOffer) }),
});
