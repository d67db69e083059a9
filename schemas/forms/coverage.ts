import * as z from "zod/mini";
import { POSTAL_CODE_PATTERN } from "./address";
import { filled } from "./fields";

/**
 * The coverage check (docs/prospect.md "Coverage"): a GET form, so its answer is a link. The postal
 * code is required (5 digits); the street and number are optional and make the answer more precise.
 */
export const coverageSchema = z.object({
  cp: z.string({ error: "coverage:postalCodeRequired" }).check(z.trim(), filled("coverage:postalCodeRequired"), z.regex(POSTAL_CODE_PATTERN, "coverage:postalCodeDigits")),
  direccion: z.optional(z.string().check(z.trim(), z.maxLength(120, "coverage:addressTooLong"))),
});
export type CoverageQuery = z.infer<typeof coverageSchema>;
export const COVERAGE_FIELDS = ["cp", "direccion"] as const;
