import * as z from "zod";
import { flagName } from "./flags";

/**
 * Who sees an item and when (docs/config.md "Visibility and scheduling"): any block, banner
 * (carousel slide), menu entry, footer entry and offer may carry `when` (a flag, an audience or
 * both) and `from` / `until` (a window in Mexico City time). Each item schema spreads
 * `visibilityFields` with one line; app/features/flags/visibility.ts evaluates them.
 */

export const audiences = ["anonymous", "customer", "mbb", "hbb", "mifi"] as const;
export const audience = z
  .enum(audiences, { error: `la audiencia debe ser una de: ${audiences.join(", ")}` })
  .meta({
    description:
      "Quién lo ve: anonymous (sin sesión), customer (con sesión), mbb (línea de celular), hbb (internet en casa) o mifi (internet portátil).",
    examples: ["anonymous", "mbb"],
  });
export type Audience = z.infer<typeof audience>;

export const when = z
  .object({
    flag: flagName.optional().meta({ description: "Se muestra solo cuando este flag está encendido para el visitante.", examples: ["e-sim"] }),
    withoutFlag: flagName
      .optional()
      .meta({ description: "Se muestra solo cuando este flag está apagado (el texto alternativo de lo que el flag oculta).", examples: ["e-sim"] }),
    audience: z
      .array(audience)
      .min(1, "indica al menos una audiencia")
      .optional()
      .meta({ description: "Se muestra solo a estas audiencias (basta con una).", examples: [["anonymous"], ["mbb", "mifi"]] }),
  })
  .strict()
  .refine((value) => value.flag !== undefined || value.withoutFlag !== undefined || value.audience !== undefined, "indica flag, withoutFlag o audience")
  .meta({
    description: "Condiciones para mostrarlo: un flag, una audiencia o ambos (deben cumplirse todas).",
    examples: [{ flag: "e-sim" }, { audience: ["anonymous"] }, { flag: "business-page", audience: ["customer"] }],
  });
export type When = z.infer<typeof when>;

/** America/Mexico_City keeps -06:00 all year (no daylight saving since 2022). */
export const MEXICO_CITY_OFFSET = "-06:00";

export const scheduleDate = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?-06:00$/,
    "debe ser una fecha y hora con el horario de la Ciudad de México, por ejemplo 2026-12-01T00:00:00-06:00",
  )
  .refine((value) => !Number.isNaN(Date.parse(value)), "no es una fecha válida");

export const visibilityFields = {
  when: when.optional(),
  from: scheduleDate
    .optional()
    .meta({ description: "Desde cuándo se muestra (hora de la Ciudad de México, -06:00).", examples: ["2026-12-01T00:00:00-06:00"] }),
  until: scheduleDate
    .optional()
    .meta({ description: "Hasta cuándo se muestra; a esa hora ya no se ve (hora de la Ciudad de México, -06:00).", examples: ["2026-12-25T23:59:59-06:00"] }),
};

export const visibility = z.object(visibilityFields);
export type Visibility = z.infer<typeof visibility>;
