import * as z from "zod/mini";
import { tenDigits } from "./fields";

/**
 * The area-code (NIR) change (docs/prospect.md "Area-code change"): the Bait number and the new
 * area code, one of those the upstream lists as available (the server checks that).
 */
export const areaCodeSchema = z.object({
  numero: tenDigits({ required: "areaCode:numberRequired", digits: "areaCode:numberDigits", invalid: "areaCode:numberDigits" }),
  nir: z.string({ error: "areaCode:areaCodeRequired" }).check(z.regex(/^\d{2,3}$/, "areaCode:areaCodeRequired")),
});
export type AreaCodeForm = z.infer<typeof areaCodeSchema>;
export const AREA_CODE_FIELDS = ["numero", "nir"] as const;
