import * as z from "zod/mini";

/**
 * The area-code (NIR) change (docs/prospect.md "Area-code change"): the new area code, one of
 * those the upstream lists as available (the server checks that). The line is the signed-in
 * customer's own, from the session: a number typed into a form proves nothing about who owns it.
 */
export const areaCodeSchema = z.object({
  nir: z.string({ error: "areaCode:areaCodeRequired" }).check(z.regex(/^\d{2,3}$/, "areaCode:areaCodeRequired")),
});
export type AreaCodeForm = z.infer<typeof areaCodeSchema>;
export const AREA_CODE_FIELDS = ["nir"] as const;
