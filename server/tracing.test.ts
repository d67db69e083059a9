import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { env } from "~/lib/env.server";
import { logDestination, logger } from "~/lib/log.server";
import { upstreamFetch } from "~/upstream/http.server";
import { createApp, createSiteServer, log, type SiteBuild } from "./app";
import { scrubAttributes, startTracing } from "./tracing";
import { standInBuildShell } from "./stand-in-build.test-helpers";

/**
 * Traces (docs/operations.md "Traces"), with OpenTelemetry's in-memory exporter: a request through
 * the express app (createApp) whose page calls an upstream twice gets one server span, a span per
 * upstream call as its child, and each call's HTTP attempt (undici) under it, which sends the W3C
 * `traceparent` upstream; every log line of that request carries its trace id; no attribute holds
 * the query or a phone.
 */
const exporter = new InMemorySpanExporter();
let stop: () => Promise<void>;
let site: Server;
let upstream: Server;
let base = "";
const received: IncomingHttpHeaders[] = [];
const realCore = env.upstreams.core;

const build = {
  ...standInBuildShell,
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        loader: async () => {
          const schema = z.object({ ok: z.boolean() });
          const first = await upstreamFetch({ call: "core.lineProfile", upstream: "core", path: "/linea/5512345678", schema });
          const second = await upstreamFetch({ call: "core.offers", upstream: "core", path: "/ofertas", query: { correo: "ana@example.com" }, schema });
          logger("prueba").info({ calls: 2 }, "página con dos llamadas");
          return Response.json({ first: first.ok, second: second.ok });
        },
        default: () => null,
      },
    },
  },
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) => new Response("página", { status, headers }),
      healthReport: async () => ({ ready: true, upstream: "mock", configVersion: 0 }),
      configStatusResponse: () => null,
    },
  },
} as unknown as SiteBuild;

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  stop = await startTracing({ exporter, batch: false });
  upstream = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true }));
  });
  env.upstreams.core = await listen(upstream);
  const { app } = createApp({ root: path.resolve(__dirname, ".."), build: () => build, isProduction: false, isDevelopment: false, clientIpOf: () => "127.0.0.1", trustProxy: false, mockRoutes: null, pageCacheOn: false, pageCacheTtlMs: 0 });
  site = createSiteServer(app, null);
  base = await listen(site);
});
afterAll(async () => {
  env.upstreams.core = realCore;
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => upstream.close(resolve));
  await stop();
});

describe("a request's trace", () => {
  it("has one server span, a child span per upstream call with its HTTP attempt under it, traceparent upstream, and its trace id on every log line", async () => {
    const lines: string[] = [];
    vi.spyOn(logDestination, "write").mockImplementation((line: string) => (lines.push(line), true));
    const requestLog = (log as unknown as Record<symbol, { write: (line: string) => boolean }>)[pino.symbols.streamSym]!;
    vi.spyOn(requestLog, "write").mockImplementation((line: string) => (lines.push(line), true));

    const answer = await fetch(`${base}/?_data=root&numero=5512345678`);
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(lines.some((line) => line.includes('"msg":"request"'))).toBe(true));

    const spans = exporter.getFinishedSpans();
    // The site's server spans (the stand-in upstream, in this process too, has its own: no route).
    const servers = spans.filter((span) => span.kind === 1 && span.attributes["http.route"]);
    expect(servers).toHaveLength(1);
    const request = servers[0]!;
    const traceId = request.spanContext().traceId;
    expect(request.name).toBe("GET root");
    const calls = spans.filter((span) => span.name.startsWith("core."));
    expect(calls.map((span) => span.name).sort()).toEqual(["core.lineProfile", "core.offers"]);
    for (const call of calls) {
      expect(call.spanContext().traceId).toBe(traceId);
      expect(call.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      const attempts = spans.filter((span) => span.parentSpanContext?.spanId === call.spanContext().spanId);
      expect(attempts, call.name).toHaveLength(1);
      expect(attempts[0]!.kind).toBe(2);
    }

    // W3C trace context upstream: the trace of this request, the span of the attempt.
    expect(received).toHaveLength(2);
    for (const headers of received) expect(headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    // The request's log lines (the app's and the request's own) carry its trace id.
    const requestLines = lines.filter((line) => line.includes(`"reqId"`) || line.includes(`"module":"prueba"`));
    expect(requestLines).toHaveLength(2);
    for (const line of requestLines) expect(JSON.parse(line).traceId).toBe(traceId);

    // No query string, phone or e-mail in any attribute.
    const attributes = JSON.stringify(spans.map((span) => span.attributes));
    expect(attributes).not.toMatch(/5512345678|ana@example|correo=|numero=|_data=/);
    vi.restoreAllMocks();
  });

  it("scrubs what the instrumentations record: queries go, digit runs are masked, client addresses and Redis arguments go", () => {
    const attributes: Record<string, unknown> = { "url.full": "http://core/linea/5512345678?correo=a@b.mx", "url.query": "correo=a@b.mx", "http.target": "/r/5512345678?x=1", "client.address": "203.0.113.9", "db.statement": "GET limit:login:n:5512345678", "http.request.header.authorization": ["Bearer x"], "http.response.status_code": 200 };
    scrubAttributes(attributes);
    expect(attributes).toEqual({ "url.full": "http://core/linea/••••••5678", "http.target": "/r/••••••5678", "http.response.status_code": 200 });
  });
});
