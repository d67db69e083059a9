import * as z from "zod";
import { tenDigits } from "./common.schemas";

/** Wire schemas of the legacy account operations: POST /conn/page/api/bait/api/aplicacion/acceso(-mifi). */

export const accessOperation = z.enum([
  "login",
  "logout",
  "pin",
  "registro",
  "recuperacionv2",
  "recuperacion_hbbv2",
  "validar_pin",
  "validar_pin_hbb",
  "restablecer_pass",
  "restablecer_pass_hbb",
  "restablecer_passv2",
  "actualizar_perfil",
  "cambiar_pass",
]);
export type AccessOperation = z.infer<typeof accessOperation>;

export const accessRequest = z.object({
  operacion: accessOperation,
  /** The Bait number (mbb) or, for hbb/mifi recovery and registration, the contact phone; for hbb/mifi login, the service number. */
  numero: tenDigits,
  /** hbb/mifi: the service number. */
  servicio: tenDigits.optional(),
  email: z.string().optional(),
  pin: z.string().optional(),
  pass: z.string().optional(),
  uuid: z.string().optional(),
  nombre: z.string().optional(),
  notificaciones: z.boolean().optional(),
  access: z.string().optional(),
  /** cambiar_pass: the new password (`pass` is the current one). */
  passNuevo: z.string().optional(),
});
export type AccessRequest = z.infer<typeof accessRequest>;

/** Every answer of /acceso: the legacy backend mixes `message` and `mensaje`. */
export const accessResponse = z.object({
  success: z.boolean(),
  message: z.string().nullish(),
  mensaje: z.string().nullish(),
  code: z.number().int().nullish(),
  statusCode: z.number().int().nullish(),
  unlockDate: z.string().nullish(),
  attemptsRemaining: z.number().int().nullish(),
  uuid: z.string().nullish(),
  // The session of docs/accounts.md on a successful login.
  access: z.string().nullish(),
  refreshToken: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  number: z.string().nullish(),
  serviceNumber: z.string().nullish(),
  userType: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullish(),
  isLegacy: z.boolean().nullish(),
  isProfileActive: z.boolean().nullish(),
  isEmailVerify: z.boolean().nullish(),
  // The account's opt-ins (promotions, WhatsApp), on a login.
  notificaciones: z.boolean().nullish(),
  whatsapp: z.boolean().nullish(),
});
export type AccessResponse = z.infer<typeof accessResponse>;

export const loginSession = z.object({
  success: z.literal(true),
  access: z.string().min(1),
  refreshToken: z.string().nullish(),
  name: z.string(),
  email: z.string(),
  number: tenDigits,
  serviceNumber: tenDigits.nullish(),
  userType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  isLegacy: z.boolean().nullish(),
  isProfileActive: z.boolean().nullish(),
  isEmailVerify: z.boolean().nullish(),
  notificaciones: z.boolean().nullish(),
  whatsapp: z.boolean().nullish(),
});
