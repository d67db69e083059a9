import client from "prom-client";

/**
 * The server's metrics (docs/operations.md "Metrics"), prom-client's instruments in its global
 * registry, created once per process: the build's copy of this module and the server's
 * (server/metrics.ts) are separate module graphs, so the instruments are kept under a symbol of
 * the process and whichever loads first makes them. The process defaults (CPU, memory, GC,
 * event-loop lag) are prom-client's own.
 *
 * Labels are short closed lists (a route's id, an upstream's name, a state), never a path, a
 * number, an e-mail or a token: each label value written here comes from the code, not the request.
 */
const KEY = Symbol.for("bait.metrics");

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create() {
  const registry = client.register;
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    httpDuration: new client.Histogram({
      name: "bait_http_request_duration_seconds",
      help: "Requests answered, by method, route (the Remix route id or the server's own name) and status, with their duration",
      labelNames: ["method", "route", "status"] as const,
      buckets: SECONDS,
    }),
    upstreamDuration: new client.Histogram({
      name: "bait_upstream_request_duration_seconds",
      help: "Calls to an upstream (retries included), by upstream and outcome (ok, http_4xx, http_5xx, timeout, network, invalid)",
      labelNames: ["upstream", "outcome"] as const,
      buckets: SECONDS,
    }),
    payments: new client.Counter({
      name: "bait_payments_total",
      help: "Payment verdicts recorded (charged, declined, never_received) and charges whose outcome was not heard (unknown), by who settled them (charge, visit, sweep)",
      labelNames: ["state", "source"] as const,
    }),
    pageCache: new client.Counter({
      name: "bait_page_cache_requests_total",
      help: "Cacheable page requests answered from memory (hit) or rendered (miss)",
      labelNames: ["result"] as const,
    }),
    rateLimited: new client.Counter({
      name: "bait_rate_limit_refusals_total",
      help: "Attempts refused by a limit, by form (action) and rule",
      labelNames: ["action", "rule"] as const,
    }),
    publishes: new client.Counter({
      name: "bait_studio_publishes_total",
      help: "Studio publishes (and restores), by outcome (published, stale)",
      labelNames: ["outcome"] as const,
    }),
    configVersion: new client.Gauge({
      name: "bait_config_version",
      help: "The published config version this instance serves (0: pages-config/ as deployed); the lowest of its workers",
      aggregator: "min",
    }),
  };
}

type Metrics = ReturnType<typeof create>;
const processGlobal = globalThis as typeof globalThis & { [KEY]?: Metrics };
export const metrics: Metrics = (processGlobal[KEY] ??= create());

export type PaymentState = "charged" | "declined" | "unknown" | "never_received";
export type PaymentSource = "charge" | "visit" | "sweep";

export function countPayment(state: PaymentState, source: PaymentSource): void {
  metrics.payments.inc({ state, source });
}

export function countRateLimited(action: string, rule: string): void {
  metrics.rateLimited.inc({ action, rule });
}

export function countPageCache(result: "hit" | "miss"): void {
  metrics.pageCache.inc({ result });
}

export function countPublish(outcome: "published" | "stale"): void {
  metrics.publishes.inc({ outcome });
}

export function setConfigVersion(version: number): void {
  metrics.configVersion.set(version);
}

/** An upstream call's outcome as a label: the status's class, never the status of a rare code. */
export function upstreamOutcome(kind: "ok" | "http" | "timeout" | "network" | "invalidResponse", status?: number): string {
  if (kind === "ok") return "ok";
  if (kind === "http") return (status ?? 500) >= 500 ? "http_5xx" : "http_4xx";
  return kind === "invalidResponse" ? "invalid" : kind;
}

export function observeUpstream(upstream: string, outcome: string, seconds: number): void {
  metrics.upstreamDuration.labels(upstream, outcome).observe(seconds);
}

type Child = ReturnType<Metrics["httpDuration"]["labels"]>;
const METHODS = new Set(["GET", "HEAD", "POST"]);
/** The bound histograms by method, route and status: a request looks its one up without making a label object. */
const children = new Map<string, Map<string, Map<number, Child>>>();

/** One answered request (server/metrics.ts): `route` is a route id or one of the server's names. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const verb = METHODS.has(method) ? method : "OTHER";
  let byRoute = children.get(verb);
  if (!byRoute) children.set(verb, (byRoute = new Map()));
  let byStatus = byRoute.get(route);
  if (!byStatus) byRoute.set(route, (byStatus = new Map()));
  let child = byStatus.get(status);
  if (!child) byStatus.set(status, (child = metrics.httpDuration.labels(verb, route, String(status))));
  child.observe(seconds);
}
