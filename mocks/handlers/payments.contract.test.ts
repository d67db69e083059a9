import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openReply, seal } from "~/upstream/crypto.server";
import {
  activeRecurrencesResponse,
  chargeResponse,
  hostKeyResponse,
  pluginInfo,
  pluginResponse,
  recurrenceAnswer,
  recurrenceSearchResponse,
  type ChargeData,
  type ChargeRequest,
} from "~/upstream/payments.server";
import { mockServer } from "../node";
import { resetWorld, world } from "../world";
import { resetSales } from "../world-sales";

const base = "https://payments.upstream.mock";
beforeAll(() => mockServer.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  resetWorld();
  resetSales();
});
afterAll(() => mockServer.close());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method, headers: { "Content-Type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });

async function pluginAnswer() {
  const key = hostKeyResponse.parse(await (await fetch(`${base}/servicio/angular/llave`)).json());
  const sealed = seal({ tienda: "bait-web", canal: "general", telefono: "5512345678", precio: 100, correo: "demo.mbb@example.com" }, key.llave);
  if (!sealed.ok) throw new Error(sealed.reason);
  const answer = pluginResponse.parse(await (await send("POST", "/servicio/angular/plugin", { data: sealed.value.envelope })).json());
  const opened = openReply(answer.informacion, sealed.value.sessionKey);
  if (!opened.ok) throw new Error(opened.reason);
  return pluginInfo.parse(opened.value);
}

async function chargeWith(numero: string) {
  const info = await pluginAnswer();
  const data: ChargeData = {
    divisa: "MXN",
    nombre: "Ana",
    apellido: "Pérez",
    direccion: "Av. Juárez 100",
    colonia: "Juárez",
    codigoPostal: "06600",
    ciudad: "Ciudad de México",
    estado: "Ciudad de México",
    pais: "México",
    tarjeta: { numero, mes: "12", anio: "2099", clave: "123" },
  };
  const sealed = seal(data, info.proveedor.publico);
  if (!sealed.ok) throw new Error(sealed.reason);
  const body: ChargeRequest = {
    data: sealed.value.envelope,
    extra: { uuid: "v1", precio: 100, cantidad: 1, total: 100, vigencia: "15 días", telefono: "5512345678", nombre: "Ana", correo: "demo.mbb@example.com", descripcion: "Bait 100", logged: "No", referencia1: "BAIT100" },
    info: null,
    meta: { token: null, recurrente: false },
  };
  return send("POST", `/servicio/angular/general/${info.proveedor.tipo}/cobrar`, body, { customer: info.cliente.tienda, origin: info.form.origen });
}

const recurrenceId = () => [...world.recurrences.values()][0]!.uuid;

describe("payments handlers answer what the client parses", () => {
  it("host key and plugin (sealed answer opened with the request's key)", async () => {
    const info = await pluginAnswer();
    expect(info.proveedor.publico).toMatch(/BEGIN PUBLIC KEY/);
  });

  it.each(["4111111111111111", "4000000000000002", "4242424242424242"])("charge with %s", async (card) => {
    const response = await chargeWith(card);
    expect(response.status).toBe(200);
    expect(chargeResponse.safeParse(await response.json()).success).toBe(true);
  });

  it("charge without the customer and origin headers is a 400", async () => {
    expect((await send("POST", "/servicio/angular/general/1/cobrar", {})).status).toBe(400);
  });

  it("active recurrences", async () => {
    const response = await send("POST", "/v2/servicio/s1/recurrencia/activas", { baitNumber: "5512345678" });
    const parsed = activeRecurrencesResponse.safeParse(await response.json());
    expect(parsed.success && parsed.data.recurrencias.length).toBe(1);
  });

  it("recurrence search", async () => {
    const response = await fetch(`${base}/v2/service/store/bait-web/recurrence/search/telefono?reference=5512345678&restriction=todas`);
    const parsed = recurrenceSearchResponse.safeParse(await response.json());
    expect(parsed.success && parsed.data.recurrencias.length).toBe(1);
  });

  it("recurrence commands: deactivate, activate, modify, cancel", async () => {
    const id = recurrenceId();
    const answers = [
      await send("POST", "/v2/servicio/s1/recurrencia/desactivar", { recurrencia: id }),
      await send("PATCH", `/v2/service/recurrence/${id}/activate/cliente/web`),
      await send("PATCH", `/v2/service/recurrence/${id}/modify`, { fechaProxima: "2030-01-01", referencia2: "BAIT100", referencia3: "a@b.mx", referencia4: "mbb", importe: 10000, total: 10000, costo: 10000 }),
      await send("DELETE", `/v2/service/recurrence/${id}/cancel`),
    ];
    for (const answer of answers) {
      const parsed = recurrenceAnswer.safeParse(await answer.json());
      expect(parsed.success && parsed.data.success).toBe(true);
    }
  });
});
