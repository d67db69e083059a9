import * as z from "zod";

/**
 * What the session keeps of a customer (docs/accounts.md "memberbt"), never a password.
 * The upstream access and refresh tokens stay server-side, in the signed cookie only.
 */
export const sessionUser = z.object({
  name: z.string(),
  email: z.string(),
  number: z.string().regex(/^\d{10}$/),
  serviceNumber: z.string().regex(/^\d{10}$/).optional(),
  userType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  isLegacy: z.boolean().default(true),
  isProfileActive: z.boolean().default(true),
  isEmailVerify: z.boolean().default(false),
  /** The account's opt-ins as the upstream last told (login, or a change on /editar-perfil). */
  allowNotifications: z.boolean().optional(),
  whatsappOptIn: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionTokens = z.object({
  access: z.string(),
  refreshToken: z.string().optional(),
});
export type SessionTokens = z.infer<typeof sessionTokens>;
