import type * as z from "zod/mini";

/**
 * The HTML attributes a field's zod schema implies: `required`, `maxLength`, `pattern`,
 * `inputMode` (and `length`, the exact digit count of a code). They inform assistive technology
 * and phone keyboards; the forms stay `noValidate`, so the schema's own messages are what the
 * customer reads.
 *
 * A derived attribute must never make the browser refuse or cut what the server accepts:
 * - `required`: the schema refuses a missing value (an empty field is a missing one,
 *   app/lib/form-validation.ts), so a ticked-only checkbox is required and an opt-in is not;
 * - `maxLength`: the schema's bound on the value (`z.maxLength`, or a digits pattern's count),
 *   only where the schema's normalisation keeps what is typed inside the value: a field that
 *   removes spaces people type ("55 1234 5678") gets none, one that only trims its ends does;
 * - `pattern`: the schema's single pattern, only where nothing normalises the typed value first;
 * - `inputMode`: "numeric" where every pattern takes digits only (spaces removed before).
 */
export type FieldConstraint = {
  required: boolean;
  maxLength?: number;
  pattern?: string;
  inputMode?: "numeric";
  /** The exact number of digits the value has (a verification code's cells). */
  length?: number;
};

type Def = { type: string; shape?: Record<string, Schema>; innerType?: Schema; in?: Schema; checks?: Check[] };
type Schema = { _zod: { def: Def } };
type Check = { _zod: { def: { check: string; tx?: (value: string) => string; pattern?: RegExp; maximum?: number } } };

/** A field of a form schema: the object's own schema under its optionals, pipes and defaults. */
function unwrap(schema: Schema): Schema {
  const def = schema._zod.def;
  if (def.type === "pipe" && def.in) return unwrap(def.in);
  if (def.innerType) return unwrap(def.innerType);
  return schema;
}

/** `^\d{4}$`, `^\d{3,5}$`, `^\d*$`: the most digits it takes (Infinity when unbounded), or null if not digits only. */
function digitsPattern(pattern: RegExp): { min: number; max: number } | null {
  const match = /^\^\\d(?:\{(\d+)(?:(,)(\d*))?\}|([*+]))?\$$/.exec(pattern.source);
  if (!match || pattern.flags.replace("u", "") !== "") return null;
  const [, count, comma, upper, repeat] = match;
  if (repeat) return { min: repeat === "+" ? 1 : 0, max: Infinity };
  if (count === undefined) return { min: 1, max: 1 };
  return { min: Number(count), max: comma ? (upper ? Number(upper) : Infinity) : Number(count) };
}

/** The HTML pattern attribute is compiled with the `v` flag: a pattern it cannot compile is left out. */
function htmlPattern(pattern: RegExp): string | undefined {
  if (pattern.flags.replace("u", "") !== "") return undefined;
  try {
    new RegExp(`^(?:${pattern.source})$`, "v");
    return pattern.source;
  } catch {
    return undefined;
  }
}

/** The constraint of one field's schema. */
export function fieldConstraint(field: z.ZodMiniType): FieldConstraint {
  const required = !field.safeParse(undefined).success;
  const inner = unwrap(field as unknown as Schema);
  if (inner._zod.def.type !== "string") return { required };

  const checks = inner._zod.def.checks ?? [];
  const overwrites = checks.flatMap((check) => (check._zod.def.check === "overwrite" && check._zod.def.tx ? [check._zod.def.tx] : []));
  // Two spaces inside: trimming keeps them, removing or collapsing spaces does not.
  const keepsInside = overwrites.every((tx) => tx("1  1") === "1  1");
  // The checks themselves, not the bag: zod/mini's `.check()` does not always fill the bag.
  const patterns = checks.flatMap((check) => (check._zod.def.check === "string_format" && check._zod.def.pattern ? [check._zod.def.pattern] : []));
  const maximum = checks.flatMap((check) => (check._zod.def.check === "max_length" && check._zod.def.maximum !== undefined ? [check._zod.def.maximum] : []));
  const digits = patterns.map(digitsPattern);
  const allDigits = patterns.length > 0 && digits.every((pattern) => pattern !== null);

  const bounds = [...maximum, ...digits.map((pattern) => pattern?.max)].filter((bound): bound is number => bound !== undefined && Number.isFinite(bound));
  const maxLength = keepsInside && bounds.length ? Math.min(...bounds) : undefined;
  const pattern = overwrites.length === 0 && patterns.length === 1 ? htmlPattern(patterns[0]!) : undefined;
  const exact = allDigits ? digits.find((pattern) => pattern && pattern.min === pattern.max) : undefined;

  return {
    required,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(pattern !== undefined ? { pattern } : {}),
    ...(allDigits ? { inputMode: "numeric" as const } : {}),
    ...(exact ? { length: exact.max } : {}),
  };
}

/** Every field of a form's object schema (refinements of the whole object included), by name. */
export function formConstraints(schema: z.ZodMiniType): Record<string, FieldConstraint> {
  const object = unwrap(schema as unknown as Schema);
  const shape = object._zod.def.type === "object" ? (object._zod.def.shape ?? {}) : {};
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, fieldConstraint(field as unknown as z.ZodMiniType)]));
}
