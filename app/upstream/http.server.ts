import type * as z from "zod";
import { env, type UpstreamName } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { observeUpstream, upstreamOutcome } from "~/lib/metrics.server";
import { recordUpstreamCall } from "~/lib/request-context.server";
import { inSpan } from "~/lib/trace.server";

/** What the user is told when a call fails: a catalogue key of locales/es-MX/errors.json (or a call-specific one). */
export type UpstreamErrorKind = "timeout" | "network" | "http" | "invalidResponse";

export class UpstreamError extends Error {
  constructor(
    readonly call: string,
    readonly kind: UpstreamErrorKind,
    readonly messageKey: string,
    readonly status?: number,
    /** The upstream's own message, when it sent one (some screens show it verbatim). */
    readonly upstreamMessage?: string,
  ) {
    super(`${call}: ${kind}${status ? ` ${status}` : ""}`);
    this.name = "UpstreamError";
  }
}

export type UpstreamResult<T> = { ok: true; data: T; status: number } | { ok: false; error: UpstreamError };

/** Default mapping of an HTTP status to a catalogue key; a call can override it by status. */
export function messageKeyForStatus(status: number): string {
  if (status === 400 || status === 422) return "errors:upstream.badRequest";
  if (status === 401 || status === 403) return "errors:upstream.unauthorized";
  if (status === 404) return "errors:upstream.notFound";
  if (status >= 500) return "errors:upstream.unavailable";
  return "errors:upstream.generic";
}

export type UpstreamCall<S extends z.ZodType> = {
  /** A stable name for logs: `core.profileCheck`. */
  call: string;
  upstream: UpstreamName;
  path: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  schema: S;
  timeoutMs?: number;
  /** Per-status catalogue keys, e.g. { 412: "errors:line.notBait" }. */
  messages?: Partial<Record<number, string>>;
  /** Some upstreams answer errors with a JSON body that is still meaningful; parse it with this schema. */
  errorSchema?: z.ZodType<{ message?: string; mensaje?: string }>;
  /** Tries in all (a GET's default is 2); 1 for a call whose caller counts its own retries. */
  attempts?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one way the app talks to an upstream. Every call has a timeout; a GET is retried once
 * on a network error, a timeout or a 5xx (it is safe to repeat); other methods never are,
 * since repeating a payment or an OTP blindly could do it twice. Every response is parsed by
 * its schema; a mismatch is an upstream error logged with the call and the field.
 */
export function upstreamFetch<S extends z.ZodType>(options: UpstreamCall<S>): Promise<UpstreamResult<z.infer<S>>> {
  // A span per call, named by the call (its attempts are its children: docs/operations.md "Traces").
  return inSpan(options.call, { "bait.upstream": options.upstream, "http.request.method": options.method ?? "GET" }, () => fetchWithRetry(options), (result) =>
    result.ok ? "ok" : upstreamOutcome(result.error.kind, result.error.status),
  );
}

async function fetchWithRetry<S extends z.ZodType>(options: UpstreamCall<S>): Promise<UpstreamResult<z.infer<S>>> {
  const method = options.method ?? "GET";
  const attempts = options.attempts ?? (method === "GET" ? 2 : 1);
  let last: UpstreamResult<z.infer<S>> | undefined;
  const started = performance.now();
  let tried = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    tried = attempt;
    last = await attemptOnce(options, method);
    const retriable = !last.ok && (last.error.kind === "network" || last.error.kind === "timeout" || (last.error.status ?? 0) >= 500);
    if (last.ok || !retriable || attempt === attempts) break;
    await sleep(150);
  }
  // The call's name, never its path or body: the request's log line says what went upstream and how it went.
  const outcome = last!.ok ? `ok ${last!.status}` : last!.error.kind === "http" ? `http ${last!.error.status}` : last!.error.kind;
  const ms = performance.now() - started;
  recordUpstreamCall({ call: options.call, method, ms: Math.round(ms), outcome, attempts: tried });
  observeUpstream(options.upstream, last!.ok ? "ok" : upstreamOutcome(last!.error.kind, last!.error.status), ms / 1000);
  return last!;
}

async function attemptOnce<S extends z.ZodType>(options: UpstreamCall<S>, method: string): Promise<UpstreamResult<z.infer<S>>> {
  const url = new URL(env.upstreams[options.upstream] + options.path);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers = new Headers({ Accept: "application/json", ...options.headers });
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (env.isProduction) {
    headers.set("app-version", env.appVersion);
    headers.set("origen", env.appOrigin);
  }

  const fail = (kind: UpstreamErrorKind, messageKey: string, status?: number, upstreamMessage?: string): UpstreamResult<never> => ({
    ok: false,
    error: new UpstreamError(options.call, kind, messageKey, status, upstreamMessage),
  });

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? env.upstreamTimeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    logger("upstream").error({ call: options.call, method }, timedOut ? "tiempo de espera agotado" : "sin conexión");
    return timedOut ? fail("timeout", "errors:upstream.timeout") : fail("network", "errors:upstream.network");
  }

  let json: unknown;
  try {
    const text = await response.text();
    json = text ? JSON.parse(text) : null;
  } catch {
    logger("upstream").error({ call: options.call, method, status: response.status }, "respuesta no es JSON");
    return response.ok
      ? fail("invalidResponse", "errors:upstream.invalidResponse", response.status)
      : fail("http", options.messages?.[response.status] ?? messageKeyForStatus(response.status), response.status);
  }

  if (!response.ok) {
    const parsedError = options.errorSchema?.safeParse(json);
    const upstreamMessage = parsedError?.success ? (parsedError.data.message ?? parsedError.data.mensaje) : undefined;
    logger("upstream").error({ call: options.call, method, status: response.status }, "respuesta de error HTTP");
    return fail("http", options.messages?.[response.status] ?? messageKeyForStatus(response.status), response.status, upstreamMessage);
  }

  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    logger("upstream").error({ call: options.call, field: issue?.path.join(".") || "(raíz)", issue: issue?.message }, "respuesta inválida");
    return fail("invalidResponse", "errors:upstream.invalidResponse", response.status);
  }
  return { ok: true, data: parsed.data, status: response.status };
}
