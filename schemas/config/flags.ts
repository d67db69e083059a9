import * as z from "zod";

function isIpv4(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

function isIpv6(text: string): boolean {
  if (!/^[0-9a-f:]+$/i.test(text) || !text.includes(":") || (text.match(/::/g) ?? []).length > 1) return false;
  const groups = text.split(":").filter(Boolean);
  return groups.every((group) => group.length <= 4) && (text.includes("::") ? groups.length < 8 : groups.length === 8);
}

/** An IPv4 or IPv6 address, optionally a CIDR range (10.0.0.0/8, 2001:db8::/32). */
const ipOrCidr = z.string().refine((value) => {
  const [address = "", prefix, ...rest] = value.split("/");
  if (rest.length > 0) return false;
  const v4 = isIpv4(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}, "debe ser una IP o un rango CIDR válido (10.0.0.0/8)");

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

export const flagNames = ["sso", "pospaid", "e-sim", "business-page", "new-payment-plugin"] as const;
export const flagName = z.enum(flagNames, { error: `el flag debe ser uno de: ${flagNames.join(", ")}` });
export type FlagName = z.infer<typeof flagName>;

export const flagsConfig = z.record(flagName, flagDefinition);
export type FlagsConfig = z.infer<typeof flagsConfig>;
