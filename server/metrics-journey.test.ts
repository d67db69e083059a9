import { createRequire } from "node:module";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reset } from "../mocks/control";
import { mockServer, onUnhandledFrame } from "../mocks/node";
import * as mockRoutes from "../mocks/routes";
import { logDestination } from "~/lib/log.server";
import { createApp, createSiteServer, log, type MockRoutes, type SiteBuild } from "./app";
import { standInBuildShell } from "./stand-in-build.test-helpers";

/**
 * The metrics (docs/operations.md "Metrics") after a customer's journey through the real app: the
 * express app (createApp) in front of the app's real route tree (app/routes, read as the Remix
 * compiler reads it) and the real route modules of the journey, against the mock world (msw).
 * Only the document's React render is a stand-in (it answers with the status Remix decided, and
 * keeps the loaders' data for the next step): the route's loaders and actions, the session, the
 * limits, the upstream calls and the payment ledger are the app's own.
 *
 * The journey: Ana signs in; a visitor recharges BAIT50 and pays it with an approved card on the
 * provider's page; a visitor leaves a phone lead; a visitor gets their password wrong until the
 * limit refuses them. Then /metrics (with the token) has every step counted by route id and
 * status, upstream calls by upstream and outcome, the payment by state, the refusals by form and
 * rule; no label value holds a number, an e-mail, a path or the token. Without the token the
 * site's /metrics is its 404.
 */
const TOKEN = "metricas-del-recorrido-0123456789abcdefghijklmn";
const PASSWORD = "Bait2024!";
const APP = path.resolve(__dirname, "../app");

// The route tree as `remix build` makes it (remix.config.js: flat routes, tests ignored).
const require = createRequire(import.meta.url);
const { flatRoutes } = require("@remix-run/dev/dist/config/flat-routes.js") as {
  flatRoutes: (appDirectory: string, ignored: string[]) => Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string }>;
};
/** The routes the journey reaches: their real modules. Every other route is in the tree (it shapes the matching) without a module. */
const JOURNEY = ["root", "routes/login", "routes/recargas", "routes/pago", "routes/pago_.completado", "routes/contacto", "routes/$"];

/** What the stand-in render saw last: the route's loader data, by route id. */
let rendered: { status: number; loaderData: Record<string, unknown> } = { status: 0, loaderData: {} };

async function journeyBuild(): Promise<SiteBuild> {
  const manifest = { root: { id: "root", path: "", file: "root.tsx" }, ...flatRoutes(APP, ["**/.*", "**/*.test.{ts,tsx}"]) };
  const routes: Record<string, unknown> = {};
  for (const route of Object.values(manifest)) {
    const module = JOURNEY.includes(route.id) ? ((await import(/* @vite-ignore */ path.join(APP, route.file))) as Record<string, unknown>) : {};
    routes[route.id] = { id: route.id, parentId: "parentId" in route ? route.parentId : undefined, path: route.path, index: "index" in route ? route.index : undefined, caseSensitive: "caseSensitive" in route ? route.caseSensitive : undefined, module };
  }
  expect(Object.keys(routes).length, "the app's routes").toBeGreaterThan(30);
  return {
    ...standInBuildShell,
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
    routes,
    entry: {
      module: {
        // The document's render (app/entry.server.tsx with React): a stand-in that keeps what the loaders answered.
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { loaderData: Record<string, unknown> } }) => {
          rendered = { status, loaderData: context.staticHandlerContext.loaderData };
          headers.set("Content-Type", "text/html; charset=utf-8");
          return new Response("<!DOCTYPE html><title>página</title>", { status, headers });
        },
        handleError: (error: unknown) => {
          throw error;
        },
        healthReport: async () => ({ ready: true, upstream: "mock", configVersion: 0 }),
        configStatusResponse: () => null,
        openMockSession: async () => null,
      },
    },
  } as unknown as SiteBuild & ServerBuild;
}

let site: Server;
let base = "";

beforeAll(async () => {
  // The mock upstream answers the upstream hosts; this test's own requests to the site pass.
  mockServer.listen({ onUnhandledFrame });
  reset();
  vi.spyOn(logDestination, "write").mockImplementation(() => true);
  // The request log (server/app.ts) is checked elsewhere; it stays quiet here.
  vi.spyOn(log, "info").mockImplementation(() => undefined);
  const build = await journeyBuild();
  const { app } = createApp({ root: path.resolve(__dirname, ".."), build: () => build, isProduction: false, isDevelopment: false, clientIpOf: () => "127.0.0.1", trustProxy: false, mockRoutes: mockRoutes as unknown as MockRoutes, pageCacheOn: false, pageCacheTtlMs: 0, metricsToken: TOKEN });
  site = createSiteServer(app, null);
  base = await new Promise<string>((resolve) => site.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}`)));
});
afterAll(async () => {
  vi.restoreAllMocks();
  mockServer.close();
  await new Promise((resolve) => site.close(resolve));
});

/** A browser without JavaScript: its cookies, same-origin form posts, redirects not followed. */
function visitor() {
  const jar = new Map<string, string>();
  const keep = (answer: Response) => {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return answer;
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    get: async (url: string) => keep(await fetch(`${base}${url}`, { headers: { cookie: cookie() }, redirect: "manual" })),
    post: async (url: string, fields: Record<string, string>) =>
      keep(
        await fetch(`${base}${url}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", origin: base },
          redirect: "manual",
        }),
      ),
  };
}

const scrape = async () => (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
/** The value of one series of the scrape (0 when absent). */
const valueOf = (text: string, series: string) => Number(text.split("\n").find((line) => line.startsWith(`${series} `))?.split(" ")[1] ?? 0);
/** Every series of a metric that moved between two scrapes, by its labels. */
function movedSeries(before: string, after: string, metric: string) {
  const moved: Record<string, number> = {};
  for (const line of after.split("\n")) {
    if (!line.startsWith(`${metric}{`)) continue;
    const [series, value] = line.split(" ");
    const delta = Number(value) - valueOf(before, series!);
    if (delta) moved[series!.slice(metric.length)] = delta;
  }
  return moved;
}

type Checkout = { ok: boolean; paymentKey: string; sale: { uuid: string } };
const checkoutShown = () => {
  const data = rendered.loaderData["routes/pago"] as Checkout | undefined;
  expect(data?.ok, "the checkout is ready").toBe(true);
  return data!;
};
const holder = { firstName: "Ana", lastName: "Pérez López", address: "Av. Juárez 10", postalCode: "06600", colonia: "660001" };

describe("/metrics after a journey through the app", () => {
  it("counts sign-in, a paid recharge, a lead and a refused login by route id and status, upstream and outcome, payment state, refusal rule; no label holds a number, an e-mail or the token", async () => {
    const before = await scrape();

    // Sign-in (no JavaScript): Ana's line and password, to /home.
    const ana = visitor();
    const signedIn = await ana.post("/login?type=mbb", { number: "5512345678", password: PASSWORD });
    expect([signedIn.status, signedIn.headers.get("location")]).toEqual([303, "/home"]);

    // A paid recharge: BAIT50 for Ana's line, the card typed on the provider's page, 'Pagar'.
    const buyer = visitor();
    const chosen = await buyer.post("/recargas?recarga=BAIT50", { offerId: "BAIT50", phone: "5512345678", email: "ana.recarga@example.com" });
    expect([chosen.status, chosen.headers.get("location")]).toEqual([303, "/pago"]);
    expect((await buyer.get("/pago")).status).toBe(200);
    const checkout = checkoutShown();
    const toProvider = await buyer.post("/pago", { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder });
    expect(toProvider.status).toBe(303);
    const providerPage = new URL(toProvider.headers.get("location")!, base);
    expect(providerPage.pathname).toBe("/__mocks/proveedor/pago");
    const back = await buyer.post(`${providerPage.pathname}${providerPage.search}`, { ...Object.fromEntries(providerPage.searchParams), numero: "4111111111111111", vencimiento: "12/30", cvv: "123" });
    expect(back.status).toBe(303);
    const summary = new URL(back.headers.get("location")!, base);
    expect((await buyer.get(`${summary.pathname}${summary.search}`)).status).toBe(200);
    const again = checkoutShown();
    const paid = await buyer.post("/pago", { intent: "card-page-pay", saleId: again.sale.uuid, paymentKey: again.paymentKey, privacy: "on", terms: "on" });
    expect([paid.status, paid.headers.get("location")]).toEqual([303, "/pago/completado"]);

    // A lead: a phone call asked for, back to the page.
    const lead = await visitor().post("/contacto?contacto=telefono", { tipo: "telefono", nombre: "Rosa Martínez", telefono: "5561234567", confirmarNumero: "5561234567", privacidad: "on", volver: "/" });
    expect(lead.status).toBe(303);

    // A refused login: a wrong password, again and again, until the limit refuses the number.
    const guesser = visitor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15 && statuses.at(-1) !== 429; attempt++) statuses.push((await guesser.post("/login?type=mbb", { number: "5545678901", password: "otra-contraseña" })).status);
    expect(statuses.at(-1), `the attempts' answers: ${statuses.join(", ")}`).toBe(429);
    const wrong = statuses.filter((status) => status !== 429);
    expect(new Set(wrong)).toEqual(new Set([wrong[0]]));
    expect(wrong[0]).toBeGreaterThanOrEqual(400);

    // A request is counted when the server has finished its answer ("finish"), which can come just
    // after the client has read it: the last answer (the 429) is waited for.
    const after = await vi.waitFor(async () => {
      const scraped = await scrape();
      expect(movedSeries(before, scraped, "bait_http_request_duration_seconds_count")).toHaveProperty(['{method="POST",route="routes/login",status="429"}']);
      return scraped;
    });
    const http = movedSeries(before, after, "bait_http_request_duration_seconds_count");
    expect(http).toMatchObject({
      '{method="POST",route="routes/login",status="303"}': 1,
      [`{method="POST",route="routes/login",status="${wrong[0]}"}`]: wrong.length,
      '{method="POST",route="routes/login",status="429"}': 1,
      '{method="POST",route="routes/recargas",status="303"}': 1,
      '{method="GET",route="routes/pago",status="200"}': 2,
      '{method="POST",route="routes/pago",status="303"}': 2,
      '{method="POST",route="mocks",status="303"}': 1,
      '{method="POST",route="routes/contacto",status="303"}': 1,
    });
    // The histogram's buckets moved with its count.
    expect(valueOf(after, 'bait_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="routes/pago",status="303"}') - valueOf(before, 'bait_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="routes/pago",status="303"}')).toBe(2);

    // Every upstream call answered: signing in (sso), the offers and the password checks (conn), the
    // line's checks and the recharge's payment (core), the card provider (payments), the colonias
    // (addresses). A wrong password is the upstream's answer, not its failure. (The lead waits in
    // the outbox: its delivery loop is not started here.)
    const upstream = movedSeries(before, after, "bait_upstream_request_duration_seconds_count");
    const byUpstream = (name: string) => upstream[`{upstream="${name}",outcome="ok"}`] ?? 0;
    expect(Object.keys(upstream).filter((series) => !series.endsWith('outcome="ok"}')), JSON.stringify(upstream)).toEqual([]);
    expect(byUpstream("sso"), JSON.stringify(upstream)).toBe(1);
    expect(byUpstream("conn")).toBeGreaterThanOrEqual(wrong.length);
    for (const name of ["core", "payments", "addresses"]) expect(byUpstream(name), name).toBeGreaterThan(0);

    expect(movedSeries(before, after, "bait_payments_total")).toEqual({ '{state="charged",source="charge"}': 1 });
    expect(movedSeries(before, after, "bait_rate_limit_refusals_total")).toEqual({ '{action="login",rule="number"}': 1 });

    const labelValues = [...after.matchAll(/\{([^}]*)\}/g)].flatMap((match) => [...match[1]!.matchAll(/="([^"]*)"/g)].map((value) => value[1]!));
    expect(labelValues.length).toBeGreaterThan(0);
    for (const value of labelValues) {
      expect(value, "a number").not.toMatch(/\d{5,}/);
      expect(value, "an e-mail").not.toContain("@");
      expect(value, "a path").not.toMatch(/^\/|proveedor|completado/);
      expect(value, "the token").not.toContain(TOKEN);
    }
  });

  it("is the site's 404 without the token or with another, the metrics with it", async () => {
    for (const headers of [{}, { authorization: "Bearer otro-token-0123456789abcdefghijklmnop" }, { authorization: TOKEN }] as Record<string, string>[]) {
      const answer = await fetch(`${base}/metrics`, { headers });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("bait_");
    }
    const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("bait_http_request_duration_seconds_count");
  });
});
