import * as z from "zod";

const ipOrCidr = z
  .string()
  .regex(/^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$|^[0-9a-f:]+(\/\d{1,3})?$/i, "debe ser una IP o un rango CIDR (10.0.0.0/8)");

export const flagConditions = z
  .object({
    /** The visitor passes when a session field has one of the listed values. */
    allowedData: z
      .array(z.object({ field: z.enum(["email", "number", "serviceNumber", "userType", "name"]), values: z.array(z.union([z.string(), z.number()])).min(1) }))
      .optional(),
    /** The visitor passes when a session field matches the regular expression. */
    allowedRegex: z
      .array(
        z.object({
          field: z.enum(["email", "number", "serviceNumber", "name"]),
          pattern: z.string().refine((pattern) => {
            try {
              new RegExp(pattern);
              return true;
            } catch {
              return false;
            }
          }, "no es una expresión regular válida"),
        }),
      )
      .optional(),
    /** Listed customers, by e-mail or by phone. */
    allowedUsers: z
      .object({
        emails: z.array(z.email({ error: "correo inválido" })).default([]),
        phones: z.array(z.string().regex(/^\d{10}$/, "el teléfono lleva 10 dígitos")).default([]),
      })
      .optional(),
    allowedIps: z.array(ipOrCidr).optional(),
    /** Share of visitors (0–100) who get the flag; sticky per visitor. */
    allowedPercentage: z.number().min(0).max(100).optional(),
    /** true: every listed condition must pass; false: any one is enough. */
    allValidations: z.boolean().default(false),
  })
  .strict();
export type FlagConditions = z.infer<typeof flagConditions>;

export const flagDefinition = z
  .object({
    description: z.string(),
    /** Master switch: off means off for everybody. */
    enabled: z.boolean(),
    /** With no conditions an enabled flag is on for everybody. */
    conditions: flagConditions.optional(),
  })
  .strict();
export type FlagDefinition = z.infer<typeof flagDefinition>;

export const flagName = z.enum(["sso", "pospaid", "e-sim", "business-page", "new-payment-plugin"]);
export type FlagName = z.infer<typeof flagName>;

export const flagsConfig = z.record(flagName, flagDefinition);
export type FlagsConfig = z.infer<typeof flagsConfig>;
