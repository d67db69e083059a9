import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverageWire, faqWire } from "~/upstream/asistencia.server";
import { mockServer } from "../node";

const base = "https://asistencia.upstream.mock";
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());

const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("asistencia handlers answer what the client parses", () => {
  it("FAQ", async () => {
    const response = await fetch(`${base}/api/asistencia/v2/soporte/preguntas-frecuentes`);
    expect(faqWire.safeParse(await response.json()).success).toBe(true);
  });

  it.each(["06600", "64000", "44100", "99999", "12345"])("coverage for %s", async (codigoPostal) => {
    const response = await post("/api/asistencia/v2/soporte/cobertura-hbb", { codigoPostal });
    expect(response.status).toBe(200);
    expect(coverageWire.safeParse(await response.json()).success).toBe(true);
  });
});
