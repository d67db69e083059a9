import * as z from "zod";

/**
 * Wire pieces every call group of the legacy "conn/page" upstream (docs/upstream.md, spec §7) shares. The
 * `*.schemas.ts` beside each call group keep the upstream's own (Spanish, snake_case) field
 * names; the clients parse every answer with them and map it to English domain types; the mock
 * handlers answer with exactly these shapes (mocks/handlers/conn.contract.test.ts checks it).
 */

/** Some amounts come as numbers, some as numeric strings. */
export const amount = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
export const tenDigits = z.string().regex(/^\d{10}$/);

/** Error bodies of this upstream, when it sends one. */
export const connErrorBody = z.object({ message: z.string().optional(), mensaje: z.string().optional() });
