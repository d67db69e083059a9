import * as z from "zod";

/** Wire schemas of billing (CFDI): the SAT catalogues and the invoice request. */

export const catalogueWire = z
  .object({ success: z.boolean(), data: z.array(z.object({ clave: z.string().min(1), descripcion: z.string().min(1) })) })
  .transform((wire) => wire.data.map((entry) => ({ id: entry.clave, name: entry.descripcion })));
export type BillingOption = z.output<typeof catalogueWire>[number];

export const registerBillWire = z
  .object({ success: z.boolean(), folio: z.string().optional(), message: z.string().optional(), mensaje: z.string().optional() })
  .transform((wire) => ({ success: wire.success, folio: wire.folio, message: wire.message ?? wire.mensaje }));
