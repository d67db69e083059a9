import type { HeadersArgs, HeadersFunction } from "@remix-run/node";

/**
 * Every 429 carries `Retry-After` (seconds), whoever reads it: a route's `headers` export decides
 * what a document answer (a form posted without JavaScript) and a single-fetch answer (the
 * script's) carry, so a route that answers its own headers would drop the one its action or
 * loader set. `keepRetryAfter` wraps a route's headers: what it answers, plus the Retry-After of
 * its action's or loader's answer (a refused attempt of the attempt or send limits). Every route
 * whose action or loader can answer 429 exports its headers through it (tests/unit/retry-after.test.ts).
 */
export const keepRetryAfter =
  (own: HeadersFunction | HeadersInit): HeadersFunction =>
  (args: HeadersArgs) => {
    const headers = new Headers(typeof own === "function" ? own(args) : own);
    const seconds = args.actionHeaders.get("Retry-After") ?? args.loaderHeaders.get("Retry-After");
    if (seconds) headers.set("Retry-After", seconds);
    return headers;
  };

/** The `Retry-After` of a refused attempt that says its seconds, for an answer's headers; nothing otherwise. */
export const retryAfterHeader = (refusal: { retryAfterSeconds?: number }): Record<string, string> =>
  refusal.retryAfterSeconds === undefined ? {} : { "Retry-After": String(refusal.retryAfterSeconds) };
