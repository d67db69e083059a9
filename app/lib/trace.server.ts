import { SpanStatusCode, trace, type Attributes } from "@opentelemetry/api";

/**
 * The app's side of tracing (docs/operations.md "Traces"): OpenTelemetry's API only. The SDK is
 * started by server/tracing.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the API is
 * OpenTelemetry's no-op and none of this records anything.
 */
const tracer = trace.getTracer("bait-web");
/**
 * The trace and span ids of the span in effect, for a log line (pino's mixin); nothing outside a
 * trace. A new object each time: pino merges the line's fields into it.
 */
export function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  // The no-op API's span has no trace (its ids are zeros, flags 0).
  return traceFlags === 0 && /^0+$/.test(traceId) ? {} : { traceId, spanId };
}

/**
 * `work` inside a span named `name` (an upstream call's stable name, `core.profileCheck`), a child
 * of the request's; its HTTP attempts (the undici instrumentation) are its children. Attributes are
 * names and outcomes only, never a path, a query or a body.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, outcomeOf: (result: T) => string): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      const result = await work();
      const outcome = outcomeOf(result);
      span.setAttribute("bait.outcome", outcome);
      if (outcome !== "ok") span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      return result;
    } finally {
      span.end();
    }
  });
}
