/**
 * What one request did upstream, for its log line (server/app.ts "the request log"). The server
 * runs each request inside an AsyncLocalStorage it publishes under this symbol: the app's build
 * and server/app.ts are separate module graphs, so the symbol registry is where they meet. Outside
 * a request (tests, scripts, the lead delivery loop) nothing is recorded.
 */
const KEY = Symbol.for("bait.request-context");

export type UpstreamCallRecord = { call: string; method: string; ms: number; outcome: string; attempts: number };
type RequestContext = {
  upstream: UpstreamCallRecord[];
  /** The request's Cookie header (the preview cookie chooses the draft config: lib/config/draft.server.ts). */
  cookie?: string;
  /** What was worked out once for this request, by name. */
  memo?: Map<string, unknown>;
};
type Storage = { getStore(): RequestContext | undefined };

const currentContext = () => (globalThis as Record<symbol, Storage | undefined>)[KEY]?.getStore();

export function recordUpstreamCall(record: UpstreamCallRecord): void {
  currentContext()?.upstream.push(record);
}

/**
 * `compute(cookieHeader)` once per request, for code that has no request at hand (the config
 * getters); `undefined` outside a request.
 */
export function perRequest<T>(name: string, compute: (cookieHeader: string) => T): T | undefined {
  const context = currentContext();
  if (!context) return undefined;
  context.memo ??= new Map();
  if (!context.memo.has(name)) context.memo.set(name, compute(context.cookie ?? ""));
  return context.memo.get(name) as T;
}

/** A path or text for a log: every run of 7 or more digits (a phone, a card, an ICCID) keeps its last 4 only. */
export function maskDigits(text: string): string {
  return text.replace(/\d{7,}/g, (digits) => `${"•".repeat(digits.length - 4)}${digits.slice(-4)}`);
}
