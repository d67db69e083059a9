import pino, { type DestinationStream, type Logger } from "pino";

/**
 * The server's log (README "Observability"): pino, one JSON line per entry on stdout, with the
 * settings of server.mjs's request log (level from `LOG_LEVEL`, default `info`; `pid`; ISO
 * time). Server code never writes to the console (tests/unit/no-console.test.ts); it takes its
 * module's logger: `logger("limits").error({ call }, "el estado compartido no responde")`.
 *
 * - One line per entry, whatever it carries: pino writes JSON, which escapes CR and LF in every
 *   string, so a message or a field holding "\r\n{…}" cannot forge another entry. Keep messages
 *   constant text; what varies goes in fields, and an error as `{ err }` (pino's serializer).
 * - No personal data: the fields that could carry it (`REDACTED_KEYS`, at the top of an entry
 *   and up to three objects down) are written as "[oculto]". A message never holds a number, an
 *   e-mail, a name, a card, a password, a code or an upstream's free text (its `mensaje` may
 *   quote the customer): log the call's name and the status instead.
 */

/** Field names that may hold personal data or secrets, whatever object they are in. */
export const REDACTED_KEYS = [
  "number",
  "numero",
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
  "authorization",
  "cookie",
  "card",
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

/** Depth 0 to 3: `email`, `*.email`, `*.*.email`, `*.*.*.email`. */
const REDACTED_PATHS = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);

export const REDACTED = "[oculto]";

/** A logger with the app's settings writing to `destination` (stdout by default; tests pass their own). */
export function createLog(destination: DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
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
