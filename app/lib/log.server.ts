import pino, { type DestinationStream, type Logger } from "pino";
import { traceFields } from "./trace.server";

/**
 * The server's log (docs/operations.md "Observability"): pino, one JSON line per entry on stdout, with the
 * settings of server/app.ts's request log (level from `LOG_LEVEL`, default `info`; `pid`; ISO
 * time). Server code never writes to the console (tests/unit/no-console.test.ts); it takes its
 * module's logger: `logger("limits").error({ call }, "el estado compartido no responde")`.
 *
 * - One line per entry, whatever it carries: pino writes JSON, which escapes CR and LF in every
 *   string, so a message or a field holding "\r\n{…}" cannot forge another entry. Keep messages
 *   constant text; what varies goes in fields, and an error as `{ err }` (pino's serializer).
 * - No personal data: a field named as one of `REDACTED_KEYS` (any case), at any depth of what is
 *   logged, errors and arrays included, is written as "[oculto]". A message never holds a number,
 *   an e-mail, a name, a card, a password, a code or an upstream's free text (its `mensaje` may
 *   quote the customer): log the call's name and the status instead.
 *
 * The redaction walks each logged object (`formatters.log`) rather than using pino's `redact`:
 * `redact` needs a path per key and depth (`*.email`, `*.*.email`…), and the keys × 4 depths
 * made every entry cost about 0.25 ms; the walk costs about a microsecond and has no depth gaps.
 */

/** Field names that may hold personal data or secrets, whatever object they are in. */
export const REDACTED_KEYS = [
  "number",
  "numero",
  "phoneNumber",
  "serviceNumber",
  "dn",
  "msisdn",
  "phone",
  "telefono",
  "email",
  "correo",
  "password",
  "pass",
  "contrasena",
  "pin",
  "code",
  "codigo",
  "otp",
  "token",
  "access",
  "refresh",
  "accessToken",
  "refreshToken",
  "authorization",
  "cookie",
  "card",
  "cardNumber",
  "tarjeta",
  "cvv",
  "cvc",
  "iccid",
  "imei",
  "name",
  "nombre",
  "upstreamMessage",
  "mensaje",
  "body",
] as const;

export const REDACTED = "[oculto]";

const redacted = new Set<string>(REDACTED_KEYS.map((key) => key.toLowerCase()));
/** Deeper than this, an object is written as "[…]" (a logged object is a few levels deep at most). */
const MAX_DEPTH = 8;

/**
 * `value` with every field of a redacted name censored, at any depth; an error becomes what pino's
 * serializer makes of it (type, message, stack, its own fields, its cause) and is censored too.
 * Objects are copied only where something changes.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return value;
  if (depth > MAX_DEPTH) return "[…]";
  if (value instanceof Error) return redact(pino.stdSerializers.err(value), depth);
  if (Array.isArray(value)) {
    const items = value.map((item) => redact(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const safe = redacted.has(key.toLowerCase()) ? REDACTED : redact(field, depth + 1);
    if (safe !== field) (copy ??= { ...value })[key] = safe;
  }
  return copy ?? value;
}

/** A logger with the app's settings writing to `destination` (stdout by default; tests pass their own). */
export function createLog(destination: DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // With tracing on, the request's trace and span ids (docs/operations.md "Traces").
      mixin: traceFields,
      // Each entry's fields; a child's bindings are not formatted (pino), so they name a module only.
      formatters: { log: (entry) => redact(entry) as Record<string, unknown> },
      // Errors are serialized (and censored) by `redact` already.
      serializers: { err: (err: unknown) => err },
    },
    destination,
  );
}

/** Where the app's log goes: stdout, as pino writes it by default (tests spy on its `write`). */
export const logDestination = pino.destination({ dest: 1, sync: false });

/** The app's root logger; code takes its module's child from `logger`. */
export const log = createLog(logDestination);

const children = new Map<string, Logger>();

/** The logger of one module (`limits`, `upstream`, `config`…): every entry carries `module`. */
export function logger(module: string): Logger {
  let child = children.get(module);
  if (!child) {
    child = log.child({ module });
    children.set(module, child);
  }
  return child;
}
