import * as z from "zod/mini";

/**
 * The help centre's two GET forms (docs/prospect.md "Help centre"): the FAQ search (`?q=`) and the
 * attention centres' state filter (`?estado=`). Both are lookups, so a bad value is no error: a
 * query is cut to 80 characters, and an unknown state shows every centre.
 */
export const helpQuerySchema = z.object({
  q: z.optional(z.string().check(z.overwrite((value: string) => value.trim().replace(/\s+/g, " ").slice(0, 80)))),
  estado: z.optional(z.string().check(z.trim())),
});
export type HelpQuery = z.infer<typeof helpQuerySchema>;
