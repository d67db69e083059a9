import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../mocks/node";
import { shortUpstreamTimeout, useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { captureLog } from "~/lib/log.test-helpers";
import { checkHomeCoverage, getFaq } from "./asistencia.server";

const base = "https://asistencia.upstream.mock";
useMockUpstream();

const errorKey = (result: { ok: boolean; error?: { messageKey: string } }) => (result.ok ? undefined : result.error?.messageKey);

describe("FAQ", () => {
  it("reads the FAQ as questions, answers and categories", async () => {
    const result = await getFaq();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.length).toBeGreaterThan(3);
    expect(result.data[0]).toEqual({ question: "¿Cómo recargo mi línea Bait?", answer: expect.stringContaining("10 dígitos"), category: "Recargas" });
  });

  it("turns a malformed FAQ into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("asistencia.faq", { malformed: true });
    expect(errorKey(await getFaq())).toBe("errors:upstream.invalidResponse");
  });

  it("turns an entry without its answer into 'errors:upstream.invalidResponse' and logs the field", async () => {
    const log = captureLog();
    mockServer.use(http.get(`${base}/api/asistencia/v2/soporte/preguntas-frecuentes`, () => HttpResponse.json({ success: true, preguntas: [{ pregunta: "¿?", categoria: "X" }] })));
    expect(errorKey(await getFaq())).toBe("errors:upstream.invalidResponse");
    expect(log.entries).toContainEqual(expect.objectContaining({ call: "asistencia.faq", msg: "respuesta inválida", field: "preguntas.0.respuesta" }));
  });

  it("turns a 500 into 'errors:upstream.unavailable'", async () => {
    setSwitch("asistencia.faq", { status: 500 });
    expect(errorKey(await getFaq())).toBe("errors:upstream.unavailable");
  });

  it("turns a success false into 'errors:upstream.unavailable' keeping the upstream's message", async () => {
    mockServer.use(http.get(`${base}/api/asistencia/v2/soporte/preguntas-frecuentes`, () => HttpResponse.json({ success: false, mensaje: "Sin datos", preguntas: [] })));
    const result = await getFaq();
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.error.messageKey, result.error.upstreamMessage]).toEqual(["errors:upstream.unavailable", "Sin datos"]);
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch("asistencia.faq", { latencyMs: 400 });
    expect(errorKey(await getFaq())).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.get(`${base}/api/asistencia/v2/soporte/preguntas-frecuentes`, () => HttpResponse.error()));
    expect(errorKey(await getFaq())).toBe("errors:upstream.network");
  });
});

describe("home-internet coverage", () => {
  it.each(["06600", "64000", "44100"])("finds coverage with a location at the demo postal code %s", async (postalCode) => {
    const result = await checkHomeCoverage({ postalCode });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.covered).toBe(true);
    expect(result.data.address).toContain(`C.P. ${postalCode}`);
    expect(result.data.location).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
  });

  it("answers 99999 with no coverage, not an error", async () => {
    const result = await checkHomeCoverage({ postalCode: "99999", address: "Calle Falsa 123" });
    expect(result).toEqual({ ok: true, status: 200, data: { covered: false, address: "Calle Falsa 123, C.P. 99999", location: null } });
  });

  it("turns a postal code that is not 5 digits into 'errors:upstream.badRequest'", async () => {
    expect(errorKey(await checkHomeCoverage({ postalCode: "066" }))).toBe("errors:upstream.badRequest");
  });

  it("turns a malformed answer into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("asistencia.coverage", { malformed: true });
    expect(errorKey(await checkHomeCoverage({ postalCode: "06600" }))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 into 'errors:upstream.unavailable' without repeating the POST", async () => {
    let calls = 0;
    mockServer.use(
      http.post(`${base}/api/asistencia/v2/soporte/cobertura-hbb`, () => {
        calls += 1;
        return HttpResponse.json({ success: false }, { status: 500 });
      }),
    );
    expect(errorKey(await checkHomeCoverage({ postalCode: "06600" }))).toBe("errors:upstream.unavailable");
    expect(calls).toBe(1);
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    mockServer.use(
      http.post(`${base}/api/asistencia/v2/soporte/cobertura-hbb`, async () => {
        await delay(400);
        return HttpResponse.json({});
      }),
    );
    expect(errorKey(await checkHomeCoverage({ postalCode: "06600" }))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.post(`${base}/api/asistencia/v2/soporte/cobertura-hbb`, () => HttpResponse.error()));
    expect(errorKey(await checkHomeCoverage({ postalCode: "06600" }))).toBe("errors:upstream.network");
  });
});
