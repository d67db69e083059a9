import { http, HttpResponse, delay } from "msw";
import { setupServer } from "msw/node";
import * as z from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { captureLog, quietLog } from "~/lib/log.test-helpers";
import { upstreamFetch } from "./http.server";

const base = "https://core.upstream.mock";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const profile = z.object({ data: z.object({ profile: z.string(), status: z.string(), msisdn: z.string() }) });

describe("upstream client", () => {
  it("parses a valid answer", async () => {
    server.use(http.get(`${base}/api/core/q/dn/5512345678/get/status`, () => HttpResponse.json({ data: { profile: "mbb", status: "active", msisdn: "5512345678" } })));
    const result = await upstreamFetch({ call: "core.profile", upstream: "core", path: "/api/core/q/dn/5512345678/get/status", schema: profile });
    expect(result).toEqual({ ok: true, status: 200, data: { data: { profile: "mbb", status: "active", msisdn: "5512345678" } } });
  });

  it("turns an answer that breaks its schema into 'Error al obtener la respuesta del servicio' and logs the field", async () => {
    const log = captureLog();
    server.use(http.get(`${base}/x`, () => HttpResponse.json({ data: { profile: "mbb", status: 3 } })));
    const result = await upstreamFetch({ call: "core.profile", upstream: "core", path: "/x", schema: profile });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.messageKey).toBe("errors:upstream.invalidResponse");
    expect(log.entries).toContainEqual(expect.objectContaining({ module: "upstream", call: "core.profile", msg: "respuesta inválida", field: "data.status" }));
    log.restore();
  });

  it("retries a GET once after a 500 and succeeds", async () => {
    let calls = 0;
    server.use(
      http.get(`${base}/flaky`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json({ data: { profile: "hbb", status: "active", msisdn: "5598765432" } });
      }),
    );
    quietLog();
    const result = await upstreamFetch({ call: "core.profile", upstream: "core", path: "/flaky", schema: profile });
    expect(calls).toBe(2);
    expect(result.ok).toBe(true);
  });

  it("never repeats a POST", async () => {
    let calls = 0;
    server.use(
      http.post(`${base}/pay`, () => {
        calls += 1;
        return HttpResponse.json({}, { status: 502 });
      }),
    );
    const result = await upstreamFetch({ call: "payments.charge", upstream: "core", method: "POST", path: "/pay", body: { a: 1 }, schema: z.object({}) });
    expect(calls).toBe(1);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.messageKey).toBe("errors:upstream.unavailable");
  });

  it("logs a failed call by its name, method and status, never its path, its body or the upstream's text", async () => {
    const log = captureLog();
    server.use(http.post(`${base}/api/core/q/dn/5512345678/get/status`, () => HttpResponse.json({ message: "El número 5512345678 no es Bait" }, { status: 412 })));
    const result = await upstreamFetch({
      call: "core.profile",
      upstream: "core",
      method: "POST",
      path: "/api/core/q/dn/5512345678/get/status",
      body: { dn: "5512345678", email: "rosa@example.com" },
      schema: profile,
      errorSchema: z.object({ message: z.string().optional() }),
    });
    expect(!result.ok && result.error.upstreamMessage).toBe("El número 5512345678 no es Bait");
    expect(log.entries).toEqual([expect.objectContaining({ level: 50, module: "upstream", call: "core.profile", method: "POST", status: 412, msg: "respuesta de error HTTP" })]);
    expect(log.text()).not.toMatch(/5678|rosa@example\.com/);
  });

  it("maps a status to the call's own message and keeps the upstream's text", async () => {
    server.use(http.get(`${base}/line`, () => HttpResponse.json({ message: "No es un número Bait" }, { status: 412 })));
    const result = await upstreamFetch({
      call: "core.profile",
      upstream: "core",
      path: "/line",
      schema: profile,
      messages: { 412: "errors:line.notBait" },
      errorSchema: z.object({ message: z.string().optional() }),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.messageKey).toBe("errors:line.notBait");
      expect(result.error.upstreamMessage).toBe("No es un número Bait");
    }
  });

  it("gives up after its timeout with the timeout message", async () => {
    server.use(
      http.get(`${base}/slow`, async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    const result = await upstreamFetch({ call: "core.slow", upstream: "core", path: "/slow", schema: z.object({}), timeoutMs: 50 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.messageKey).toBe("errors:upstream.timeout");
  });
});
