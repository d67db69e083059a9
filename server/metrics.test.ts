import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { PaymentLedger } from "~/features/payment/ledger.server";
import { env } from "~/lib/env.server";
import { logDestination } from "~/lib/log.server";
import { metrics } from "~/lib/metrics.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { memoryState } from "~/lib/store/shared-state.server";
import { upstreamFetch } from "~/upstream/http.server";
import { createApp, createSiteServer, type SiteBuild } from "./app";
import { routeLabeller } from "./metrics";
import { standInBuildShell } from "./stand-in-build.test-helpers";

/**
 * The metrics (docs/operations.md "Metrics") through the express app (createApp) in front of a
 * stand-in build with the app's kinds of routes (a page with a parameter, an action): requests
 * are counted by route id and status, never by path; an upstream call by upstream and outcome; a
 * charge and a decline by state; a refused attempt by form and rule. /metrics on the site's port
 * is its 404 without the token, the metrics with it; no label carries a number, an e-mail or a token.
 */
const TOKEN = "metricas-0123456789abcdefghijklmnopqrstuvwxyz";
let site: Server;
let upstream: Server;
let base = "";
const realCore = env.upstreams.core;

const route = (id: string, routePath: string | undefined, module: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id, parentId: "root", path: routePath, module: { default: () => null, ...module }, ...extra });
const schema = z.object({ ok: z.boolean() });
const build = {
  ...standInBuildShell,
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/r.$id": route("routes/r.$id", "r/:id", {
      loader: async ({ params }: { params: { id: string } }) => {
        const answer = await upstreamFetch({ call: "core.lineProfile", upstream: "core", path: `/linea/${params.id}`, schema });
        return Response.json({ ok: answer.ok });
      },
    }),
    "routes/login": route("routes/login", "login", { loader: () => Response.json({}), action: () => Response.json({ error: "Número o contraseña incorrectos" }, { status: 400 }) }),
    "routes/$": route("routes/$", "*", { loader: () => Response.json({}, { status: 404 }) }),
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
  vi.spyOn(logDestination, "write").mockImplementation(() => true);
  upstream = createServer((req, res) => {
    const failing = (req.url ?? "").includes("5500000000");
    res.writeHead(failing ? 503 : 200, { "content-type": "application/json" }).end(JSON.stringify({ ok: !failing }));
  });
  env.upstreams.core = await listen(upstream);
  const { app } = createApp({ root: path.resolve(__dirname, ".."), build: () => build, isProduction: false, isDevelopment: false, clientIpOf: () => "127.0.0.1", trustProxy: false, mockRoutes: null, pageCacheOn: false, pageCacheTtlMs: 0, metricsToken: TOKEN });
  site = createSiteServer(app, null);
  base = await listen(site);
});
afterAll(async () => {
  env.upstreams.core = realCore;
  vi.restoreAllMocks();
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => upstream.close(resolve));
});

const scrape = async () => (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
/** The value of one series of the scrape (0 when absent). */
const valueOf = (text: string, series: string) => Number(text.split("\n").find((line) => line.startsWith(`${series} `))?.split(" ")[1] ?? 0);

describe("/metrics", () => {
  it("on the site's port is the site's 404 without the token (or with another), the metrics with it", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer otro-token-0123456789abcdefghijklmnop" }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const answer = await fetch(`${base}/metrics`, { headers });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("bait_");
    }
    const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const text = await answer.text();
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts a journey's requests by route id and status, upstream calls by upstream and outcome, payments by state, refusals by rule; no label holds a number, an e-mail or a token", async () => {
    const before = await scrape();
    // Each answer read to its end: a request is counted when its answer has been sent whole, which
    // a client that stopped at the headers would race.
    const read = async (answer: Promise<Response>) => (await answer).text();
    await read(fetch(`${base}/r/5512345678?_data=routes/r.$id&correo=ana@example.com`));
    await read(fetch(`${base}/r/5500000000?_data=routes/r.$id`));
    await read(fetch(`${base}/login?_data=routes/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", origin: base }, body: "numero=5512345678&password=otra" }));
    await read(fetch(`${base}/no/existe/${randomUUID()}`));

    const ledger = new PaymentLedger(memoryState());
    const lookup = { channel: "general", store: "bait", formOrigin: "web" } as const;
    await ledger.run(randomUUID(), randomUUID(), lookup, async () => ({ ok: true, orderId: "ORD-1" }));
    await ledger.run(randomUUID(), randomUUID(), lookup, async () => ({ ok: false, messageKey: "payment:payment.failed", unknown: false }));
    await ledger.run(randomUUID(), randomUUID(), lookup, async () => ({ ok: false, messageKey: "payment:payment.outcomeUnknown", unknown: true }));

    const limiter = createRateLimiter(memoryState());
    for (let attempt = 0; attempt < 11; attempt++) await limiter.reserve({ action: "login", number: "5512345678", ip: "203.0.113.7" });

    const after = await scrape();
    const moved = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(moved('bait_http_request_duration_seconds_count{method="GET",route="routes/r.$id",status="200"}')).toBe(2);
    expect(moved('bait_http_request_duration_seconds_count{method="POST",route="routes/login",status="400"}')).toBe(1);
    expect(moved('bait_http_request_duration_seconds_count{method="GET",route="routes/$",status="404"}')).toBe(1);
    expect(moved('bait_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="routes/r.$id",status="200"}')).toBe(2);
    expect(moved('bait_upstream_request_duration_seconds_count{upstream="core",outcome="ok"}')).toBe(1);
    // A GET is retried once on a 5xx: one call, counted once.
    expect(moved('bait_upstream_request_duration_seconds_count{upstream="core",outcome="http_5xx"}')).toBe(1);
    expect(moved('bait_payments_total{state="charged",source="charge"}')).toBe(1);
    expect(moved('bait_payments_total{state="declined",source="charge"}')).toBe(1);
    expect(moved('bait_payments_total{state="unknown",source="charge"}')).toBe(1);
    expect(moved('bait_rate_limit_refusals_total{action="login",rule="number"}')).toBe(1);

    const labelValues = [...after.matchAll(/\{([^}]*)\}/g)].flatMap((match) => [...match[1]!.matchAll(/="([^"]*)"/g)].map((value) => value[1]!));
    for (const value of labelValues) {
      expect(value, "a number").not.toMatch(/\d{5,}/);
      expect(value, "an e-mail").not.toContain("@");
      expect(value, "a path").not.toMatch(/^\/|no\/existe/);
      expect(value, "the token").not.toContain(TOKEN);
    }
  });

  it("the route label is the route's id for a single-fetch path, and the server's own names for its own answers", () => {
    const routeOf = routeLabeller(() => build.routes as never);
    expect(routeOf("/r/abc123.data")).toBe("routes/r.$id");
    expect(routeOf("/_root.data")).toBe("root");
    expect(routeOf("/readyz")).toBe("readyz");
    expect(routeOf("/__mocks/proveedor/pago")).toBe("mocks");
  });

  it("keeps its instruments in prom-client's registry of the process (the build and the server share them)", () => {
    expect(metrics.registry.getSingleMetric("bait_payments_total")).toBe(metrics.payments);
  });
});
