import * as z from "zod";
import { profileOfUserType } from "#schemas/line";

/** Wire schemas of the line checks: profile and status, the legacy recharge check, a Bait number's profile. */

export const lineProfileWire = z
  .object({ data: z.object({ profile: z.string().min(1), status: z.string().min(1).optional(), msisdn: z.string() }) })
  .transform(({ data }) => ({ profile: data.profile, status: data.status, number: data.msisdn }));
export type LineCheck = z.output<typeof lineProfileWire>;

export const serviceProfileWire = z.object({ success: z.boolean(), status: z.number().int(), message: z.string().optional() });

export const baitProfileWire = z
  .object({ success: z.boolean(), perfil: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(), estatus: z.string().optional(), mensaje: z.string().optional() })
  .transform((wire) => ({
    found: wire.success && wire.perfil !== undefined,
    profile: wire.perfil === undefined ? undefined : profileOfUserType[wire.perfil],
    status: wire.estatus,
    message: wire.mensaje,
  }));
