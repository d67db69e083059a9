import * as z from "zod";
import { envelopeSchema } from "../crypto.server";
import { tenDigits } from "./common.schemas";

/** Wire schemas of the charge (/cobrar): the sealed card data, the sale, the shipping and the answer. */

const card = z.object({
  numero: z.string().regex(/^\d{13,16}$/),
  mes: z.string().regex(/^(0[1-9]|1[0-2])$/),
  anio: z.string().regex(/^\d{2}(\d{2})?$/),
  clave: z.string().regex(/^\d{3,4}$/),
});

/**
 * The sealed card and billing data of /cobrar. `tarjeta` is absent when a token pays (hosted card
 * or PayPal): the provider already holds the card or the payer, so the holder's name may be empty
 * too; with a card, the name and surname are required.
 */
export const chargeData = z
  .object({
    divisa: z.literal("MXN"),
    nombre: z.string(),
    apellido: z.string(),
    direccion: z.string(),
    /** "00" when no colonia applies (docs/payment.md default). */
    colonia: z.string(),
    codigoPostal: z.string(),
    ciudad: z.string(),
    estado: z.string(),
    pais: z.string(),
    tarjeta: card.optional(),
  })
  .refine((data) => !data.tarjeta || (data.nombre.trim() !== "" && data.apellido.trim() !== ""), {
    path: ["nombre"],
    message: "el nombre y el apellido del titular son obligatorios con una tarjeta",
  });
export type ChargeData = z.infer<typeof chargeData>;

export const saleExtra = z.object({
  uuid: z.string().min(1),
  precio: z.number().nonnegative(),
  cantidad: z.literal(1),
  total: z.number().nonnegative(),
  vigencia: z.string(),
  telefono: tenDigits,
  nombre: z.string(),
  correo: z.email(),
  descripcion: z.string(),
  logged: z.enum(["Si", "No"]),
  /** The offer's id (offeringId). */
  referencia1: z.string().min(1),
  /** The line's category for recurrences: mbb, hbb or mifi. */
  referencia5: z.string().optional(),
  campania: z.object({ campaign: z.string().optional(), content: z.string().optional(), medium: z.string().optional(), source: z.string().optional() }).optional(),
});

export const shippingInfo = z.object({
  nombreContacto: z.string(),
  apellidoContacto: z.string(),
  telefono: tenDigits,
  correo: z.email(),
  calle: z.string(),
  exterior: z.string(),
  interior: z.string().optional(),
  ciudad: z.string(),
  codigoPostal: z.string().regex(/^\d{5}$/),
  colonia: z.string(),
  municipio: z.string(),
  estado: z.string(),
  pais: z.string(),
  costo: z.number().nonnegative(),
});

export const chargeRequest = z.object({
  data: envelopeSchema,
  extra: saleExtra,
  info: shippingInfo.nullable(),
  /**
   * `token`: a hosted-card token (`tok_…`), a card the provider keeps for a customer (`kc_…`,
   * kept-cards.schemas.ts) or an approved PayPal order id; null when `data` carries the card.
   * Not in SPEC §7, assumptions to confirm with the provider (docs/upstream.md): `cliente`, the
   * signed-in customer's Bait number (the service number for home and portable internet), whom a
   * kept card belongs to; `guardar: true`, keep the card paid with for that customer once the
   * charge is approved; `verificacion`, the single-use token of the provider's hosted security-code
   * field, when a kept card asks for it (`cvvRequerido`).
   */
  meta: z.object({
    token: z.string().nullable(),
    recurrente: z.boolean(),
    cliente: tenDigits.optional(),
    guardar: z.boolean().optional(),
    verificacion: z.string().min(1).max(200).optional(),
  }),
});
export type ChargeRequest = z.infer<typeof chargeRequest>;
export const chargeResponse = z.object({
  success: z.boolean(),
  mensaje: z.string().nullish(),
  orden: z.string().nullish(),
  /** An eSIM's activation code (LPA:1$…), when the upstream sends it with the charge (docs/esim.md "QR"). */
  codigoActivacion: z.string().max(512).nullish(),
});

/** The header that makes a POST that moves money safe to repeat: one key, at most one charge or order. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/**
 * The answer of GET /servicio/angular/{channel}/cobro/{idempotencyKey}, the charge's status by
 * its Idempotency-Key. Not in SPEC §7: the path and this shape are an assumption to confirm with
 * the provider (docs/upstream.md). `aprobado` and `rechazado` are the decision the provider kept
 * for the key; `en_proceso` a charge received and not decided yet; `no_recibido` no charge with
 * that key ever arrived. `success: false` is a refusal (the request itself, as without headers).
 */
export const chargeStatusResponse = z.union([
  z.discriminatedUnion("estado", [
    z.object({
      success: z.literal(true),
      estado: z.literal("aprobado"),
      orden: z.string().nullish(),
      mensaje: z.string().nullish(),
      codigoActivacion: z.string().max(512).nullish(),
    }),
    z.object({ success: z.literal(true), estado: z.literal("rechazado"), mensaje: z.string().nullish() }),
    z.object({ success: z.literal(true), estado: z.literal("en_proceso") }),
    z.object({ success: z.literal(true), estado: z.literal("no_recibido") }),
  ]),
  z.object({ success: z.literal(false), mensaje: z.string().nullish() }),
]);
export type ChargeStatusResponse = z.infer<typeof chargeStatusResponse>;
