/**
 * What one request did upstream, for its log line (server.mjs "the request log"). The server
 * runs each request inside an AsyncLocalStorage it publishes under this symbol: the app's build
 * and server.mjs are separate module graphs, so the symbol registry is where they meet. Outside
 * a request (tests, scripts, the lead delivery loop) nothing is recorded.
 */
const KEY = Symbol.for("bait.request-context");

export type UpstreamCallRecord = { call: string; method: string; ms: number; outcome: string; attempts: number };
type RequestContext = { upstream: UpstreamCallRecord[] };
type Storage = { getStore(): RequestContext | undefined };

export function recordUpstreamCall(record: UpstreamCallRecord): void {
  const storage = (globalThis as Record<symbol, Storage | undefined>)[KEY];
  storage?.getStore()?.upstream.push(record);
}

/** A path or text for a log: every run of 7 or more digits (a phone, a card, an ICCID) keeps its last 4 only. */
export function maskDigits(text: string): string {
  return text.replace(/\d{7,}/g, (digits) => `${"•".repeat(digits.length - 4)}${digits.slice(-4)}`);
}
