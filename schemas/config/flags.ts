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
      .array(
        z.object({
          field: z
            .enum(["email", "number", "serviceNumber", "userType", "name"])
            .meta({ description: "El dato de la sesión que se compara: email, number, serviceNumber, userType (1 móvil, 2 internet en casa, 3 portátil) o name.", examples: ["userType"] }),
          values: z
            .array(z.union([z.string(), z.number()]))
            .min(1)
            .meta({ description: "Los valores que dan el flag (basta uno).", examples: [[1, 3]] }),
        }),
      )
      .optional()
      .meta({ description: "Pasa quien tiene en su sesión uno de los valores listados." }),
    /** The visitor passes when a session field matches the regular expression. */
    allowedRegex: z
      .array(
        z.object({
          field: z
            .enum(["email", "number", "serviceNumber", "name"])
            .meta({ description: "El dato de la sesión que se compara: email, number, serviceNumber o name.", examples: ["email"] }),
          pattern: z.string().refine((pattern) => {
            try {
              new RegExp(pattern);
              return true;
            } catch {
              return false;
            }
          }, "no es una expresión regular válida").meta({ description: "Expresión regular que debe cumplir el dato.", examples: ["@bait\\.mx$"] }),
        }),
      )
      .optional()
      .meta({ description: "Pasa quien tiene un dato de su sesión que cumple la expresión regular." }),
    /** Listed customers, by e-mail or by phone. */
    allowedUsers: z
      .object({
        emails: z
          .array(z.email({ error: "correo inválido" }))
          .default([])
          .meta({ description: "Correos de los clientes que tienen el flag.", examples: [["demo.mbb@example.com"]] }),
        phones: z
          .array(z.string().regex(/^\d{10}$/, "el teléfono lleva 10 dígitos"))
          .default([])
          .meta({ description: "Números de 10 dígitos de los clientes que tienen el flag.", examples: [["5512345678"]] }),
      })
      .optional()
      .meta({ description: "Clientes listados, por correo o por teléfono." }),
    allowedIps: z
      .array(ipOrCidr)
      .optional()
      .meta({ description: "Direcciones IP o rangos CIDR que tienen el flag.", examples: [["10.0.0.0/8", "203.0.113.7"]] }),
    /** Share of visitors (0–100) who get the flag; sticky per visitor. */
    allowedPercentage: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .meta({ description: "Porcentaje de visitantes (0 a 100) que tienen el flag; a cada visitante le toca siempre lo mismo.", examples: [25] }),
    /** true: every listed condition must pass; false: any one is enough. */
    allValidations: z.boolean().default(false).meta({ description: "true: deben cumplirse todas las condiciones; false (por omisión): basta una.", examples: [false] }),
  })
  .strict();
export type FlagConditions = z.infer<typeof flagConditions>;

export const flagDefinition = z
  .object({
    description: z.string().meta({ description: "Para qué sirve el flag y quién lo ve (solo informativo).", examples: ["Venta de eSIM en el sitio."] }),
    /** Master switch: off means off for everybody. */
    enabled: z.boolean().meta({ description: "Interruptor general: false lo apaga para todos.", examples: [true] }),
    /** With no conditions an enabled flag is on for everybody. */
    conditions: flagConditions.optional().meta({ description: "Para quién está encendido; sin condiciones, para todos." }),
  })
  .strict()
  .meta({ description: "Un flag: su descripción, su interruptor general (enabled) y sus condiciones." });
export type FlagDefinition = z.infer<typeof flagDefinition>;

export const flagNames = ["sso", "pospaid", "e-sim", "business-page", "new-payment-plugin"] as const;
export const flagName = z
  .enum(flagNames, { error: `el flag debe ser uno de: ${flagNames.join(", ")}` })
  .meta({ description: `Un flag de flags.json: ${flagNames.join(", ")}.`, examples: ["e-sim"] });
export type FlagName = z.infer<typeof flagName>;

export const flagsConfig = z.record(flagName, flagDefinition);
export type FlagsConfig = z.infer<typeof flagsConfig>;
