import * as z from "zod";

/** Wire schemas of home-internet serviceability: GET /conn/page/api/altan/serviceability?direccion= */

export const serviceabilityResponse = z.object({
  success: z.boolean(),
  mensaje: z.string().optional(),
  direccion: z.string(),
  /** Whether the network reaches that address (home internet can be installed). */
  capacidad: z.boolean(),
  ubicacion: z.object({ latitud: z.number(), longitud: z.number() }).nullish(),
});
