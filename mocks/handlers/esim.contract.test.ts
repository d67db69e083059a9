import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { offersResponse } from "~/upstream/conn/offers.schemas";
import { answer, payResponse, sessionResponse, visitorResponse } from "~/upstream/esim.server";
import { mockServer } from "../node";
import { resetWorld } from "../world";
import { resetSales } from "../world-sales";

const base = "https://esim.upstream.mock/api/esim/v1/api";
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  resetWorld();
  resetSales();
});
afterAll(() => mockServer.close());

const send = (method: string, path: string, body: unknown) => fetch(`${base}${path}`, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const json = async (response: Response) => response.json() as Promise<unknown>;

async function newSession() {
  return sessionResponse.parse(await json(await fetch(`${base}/publico/asignarSesion`))).uuid;
}

describe("eSIM handlers answer what the client parses", () => {
  it.each(["venta", "recarga"])("offers: %s", async (list) => {
    const parsed = offersResponse.safeParse(await json(await fetch(`${base}/ofertas/${list}/disponibles?rnd=1&appversion=1.0.0`)));
    expect(parsed.success && parsed.data.response.lista.length).toBeGreaterThan(0);
  });

  it("session, tracking, all-data and visitor", async () => {
    const uuid = await newSession();
    expect(answer.safeParse(await json(await send("POST", `/publico/tracking/${uuid}/imeicompatible`, { valor: "true" }))).success).toBe(true);
    const allData = { imei: "356938035643809", email: "a@example.com", numero: "5523456789", oferta: "ESIM100", esBait: false, procedePago: true, portabilidad: false };
    expect(answer.safeParse(await json(await send("PATCH", `/publico/tracking/${uuid}/all-data?flow=esim`, allData))).success).toBe(true);
    expect(visitorResponse.safeParse(await json(await fetch(`${base}/publico/visitante/${uuid}/getInformation`))).success).toBe(true);
    expect(answer.safeParse(await json(await send("POST", `/publico/tracking/nadie/boton`, { valor: "true" }))).success).toBe(true);
  });

  it("check-sale, limited sale (both answers) and payment data", async () => {
    const uuid = await newSession();
    expect(answer.safeParse(await json(await fetch(`${base}/public/visitor/${uuid}/check-sale`))).success).toBe(true);
    for (const email of ["a@example.com", "limite@example.com"]) {
      expect(answer.safeParse(await json(await send("POST", "/public/validate-limited-sale", { email }))).success).toBe(true);
    }
    const pay = payResponse.safeParse(await json(await send("POST", "/publico/pago", { uuid, oferta: "ESIM100", correo: "a@example.com", telefono: "5523456789", esBait: "nuevo" })));
    expect(pay.success && pay.data.success).toBe(true);
  });
});
