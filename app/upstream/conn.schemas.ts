import * as z from "zod";

/**
 * Wire schemas of the legacy "conn/page" upstream (SPEC §3, §7), with the upstream's own
 * (Spanish, snake_case) field names. The client in conn.server.ts parses every answer with
 * these and maps it to the English domain types it exports; the mock handlers answer with
 * exactly these shapes (mocks/handlers/conn.contract.test.ts checks it).
 */

/** Some amounts come as numbers, some as numeric strings. */
const amount = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const tenDigits = z.string().regex(/^\d{10}$/);

// ——— Offers: GET /conn/page/api/app/ofertas, ofertasHBB, ofertasSams ———

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

// ——— Balance: POST /conn/page/api/app/consumoV3, POST /conn/page/api/sso/consumoSSO ———

export const wireBalanceItem = z.object({
  nombre: z.string(),
  mb_usados: amount.nullish(),
  mb_totales: amount.nullish(),
  mb_disponibles: amount.nullish(),
  min_disponibles: amount.nullish(),
  min_usados: amount.nullish(),
  sms_disponibles: amount.nullish(),
  sms_usados: amount.nullish(),
});

export const balanceResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  mensaje: z.string().optional(),
  consumo: z.array(wireBalanceItem).default([]),
  proxima_recarga: z.string().nullish(),
  comparteDatos: z.boolean().optional(),
  offeringsIds: z.array(z.object({ expireDate: z.string(), offeringId: z.string() })).default([]),
  esIlimitado: z.boolean().optional(),
});

export const consumoV3Request = z.object({ access: z.string().min(1) });
export const consumoSsoRequest = z.object({ numero: tenDigits });

// ——— Legacy account operations: POST /conn/page/api/bait/api/aplicacion/acceso(-mifi) ———

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
  // The session of SPEC §3 on a successful login.
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
});

// ——— Widget CDN: GET /conn/page/api/app/cdn (header hide: true) ———

/** Looser than the config schema (schemas/config/widget.ts): a real CDN may send absolute URLs. */
export const cdnItem = z.object({
  id: z.string().min(1),
  tipo: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  brand: z.string(),
  brand_app: z.string(),
  button: z.string(),
  link: z.string(),
  media: z.string().optional(),
  thumbnail: z.string(),
  visible: z.boolean(),
  estatus: z.string(),
});

export const cdnResponse = z.object({
  change_date: z.string(),
  version: z.string(),
  services: z.array(cdnItem),
  service_order: z.array(z.string()),
  stores: z.array(cdnItem),
  stores_order: z.array(z.string()),
});

// ——— Serviceability: GET /conn/page/api/altan/serviceability?direccion= ———

export const serviceabilityResponse = z.object({
  success: z.boolean(),
  mensaje: z.string().optional(),
  direccion: z.string(),
  /** Whether the network reaches that address (home internet can be installed). */
  capacidad: z.boolean(),
  ubicacion: z.object({ latitud: z.number(), longitud: z.number() }).nullish(),
});

/** Error bodies of this upstream, when it sends one. */
export const connErrorBody = z.object({ message: z.string().optional(), mensaje: z.string().optional() });
