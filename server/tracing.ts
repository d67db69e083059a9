// Traces (docs/operations.md "Traces"): OpenTelemetry's tracer, its W3C trace-context propagator
// and the instrumentations of node:http (a span per request), undici (Node's fetch: a span per
// upstream attempt, with `traceparent` sent upstream) and @redis/client, exported with OTLP
// (http/protobuf) to OTEL_EXPORTER_OTLP_ENDPOINT. Without that variable nothing is loaded or
// started: the API stays OpenTelemetry's no-op.
//
// Loaded before anything it instruments (`node --import ./build/tracing.js build/server.js`, both
// compiled by `npm run build`; scripts/start.mjs does it for its workers). Span attributes follow the logs'
// rules (app/lib/log.server.ts): no query string, digit runs masked, no client address, no user
// agent, no Redis arguments.
import { createRequire } from "node:module";
import type { SpanExporter, SpanProcessor, ReadableSpan } from "@opentelemetry/sdk-trace";

/** Every run of 7 or more digits keeps its last 4 (a phone, a card, an ICCID), as in the logs. */
const maskDigits = (text: string) => text.replace(/\d{7,}/g, (digits) => `${"•".repeat(digits.length - 4)}${digits.slice(-4)}`);
/** A URL or path without its query (it may carry a phone or an e-mail) and with its digit runs masked. */
const scrubUrl = (value: string) => maskDigits(value.split("?")[0]!.split("#")[0]!);

const URL_ATTRIBUTES = ["url.full", "url.path", "http.url", "http.target", "url.original"];
const DROPPED_ATTRIBUTES = ["url.query", "user_agent.original", "http.user_agent", "client.address", "client.port", "http.client_ip", "net.peer.ip", "net.sock.peer.addr", "network.peer.address", "db.statement", "db.query.text"];

/** Rewrites a finished span's attributes by the logs' rules, before any exporter sees it. */
export function scrubAttributes(attributes: Record<string, unknown>): void {
  for (const name of DROPPED_ATTRIBUTES) delete attributes[name];
  for (const name of URL_ATTRIBUTES) if (typeof attributes[name] === "string") attributes[name] = scrubUrl(attributes[name]);
  for (const name of Object.keys(attributes)) if (name.startsWith("http.request.header.") || name.startsWith("http.response.header.")) delete attributes[name];
}

const scrubbing: SpanProcessor = {
  onStart: () => {},
  onEnd: (span: ReadableSpan) => scrubAttributes(span.attributes as Record<string, unknown>),
  forceFlush: async () => {},
  shutdown: async () => {},
};

/** The paths not worth a trace: the build's files, public/'s, the health checks and the metrics. */
const UNTRACED = /^\/(?:build\/|healthz$|readyz$|metrics$)|\.[a-z0-9]+$/i;

/**
 * Starts tracing: the provider, the context (AsyncLocalStorage) and the propagator, the
 * instrumentations. `exporter` and `batch` are the tests' (an in-memory exporter, spans handed over
 * at once); otherwise OTLP over HTTP (protobuf) in batches. Returns the provider's shutdown.
 */
export async function startTracing({ exporter, batch = true }: { exporter?: SpanExporter; batch?: boolean } = {}): Promise<() => Promise<void>> {
  const [{ context, propagation, trace }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { resourceFromAttributes }, sdk, { registerInstrumentations }, { HttpInstrumentation }, { UndiciInstrumentation }, { RedisInstrumentation }] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/instrumentation"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-undici"),
    import("@opentelemetry/instrumentation-redis"),
  ]);
  const spanExporter = exporter ?? new (await import("@opentelemetry/exporter-trace-otlp-proto")).OTLPTraceExporter();
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME || "bait-web" }),
    spanProcessors: [scrubbing, batch ? new sdk.BatchSpanProcessor({ exporter: spanExporter }) : new sdk.SimpleSpanProcessor({ exporter: spanExporter })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.test((request.url ?? "/").split("?")[0]!),
        // The app's upstream calls go through fetch (undici, below); node:http's client is not theirs.
        disableOutgoingRequestInstrumentation: true,
      }),
      new UndiciInstrumentation(),
      // Covers @redis/client ^1, ^5 and ^6 (its v4-v5 patch). The command's name only, never its keys or values.
      new RedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  // node:http is patched when it is next required: the server's own import of it is ESM, so ask for it here.
  createRequire(import.meta.url)("node:http");
  return async () => {
    unregister();
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  };
}

// As a preload (`--import ./server/tracing.ts`): started only when an endpoint is set.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const stop = await startTracing();
  process.once("beforeExit", () => void stop());
}
