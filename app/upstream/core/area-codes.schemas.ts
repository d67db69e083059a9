import * as z from "zod";
import { nirReasons } from "../errors";

/** Wire schemas of the area codes (NIR): the codes a number can move to, and the change. */

export const areaCodesWire = z
  .object({ success: z.boolean(), nirs: z.array(z.object({ nir: z.string().regex(/^\d{2,3}$/), nombre: z.string(), estado: z.string() })) })
  .transform((wire) => wire.nirs.map((nir) => ({ areaCode: nir.nir, name: nir.nombre, state: nir.estado })));
export type AreaCode = z.output<typeof areaCodesWire>[number];

/** Why an area-code change is refused (docs/upstream.md), as the upstream's `codigo`. */
export const areaCodeRefusals = nirReasons.filter((reason) => reason !== "412") as ["mifi", "mbb", "status", "idle", "predeactivate", "b2b"];

export const changeAreaCodeWire = z.object({
  success: z.boolean(),
  codigo: z.enum(areaCodeRefusals).optional(),
  numero: z.string().optional(),
  mensaje: z.string().optional(),
});
