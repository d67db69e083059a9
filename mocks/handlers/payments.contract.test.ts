import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openReply, seal } from "~/upstream/crypto.server";
import { chargeResponse, chargeStatusResponse, type ChargeData, type ChargeRequest } from "~/upstream/payments/charge.schemas";
import { paypalOrderResponse } from "~/upstream/payments/paypal.schemas";
import { hostKeyResponse, pluginInfo, pluginResponse } from "~/upstream/payments/plugin.schemas";
import { activeRecurrencesResponse, recurrenceAnswer, recurrenceSearchResponse } from "~/upstream/payments/recurrence.schemas";
import { forgetCardResponse, keptCardsResponse } from "~/upstream/payments/kept-cards.schemas";
import { mockServer } from "../node";
import { clearSwitches, heldCalls, releaseHeld, setSwitch } from "../switches";
import { resetWorld, world } from "../world";
import { DEMO_KEPT_CARDS, resetSales, sales } from "../world-sales";
import { DECLINED_MESSAGE, mockProviderFor } from "./payments";
import { KEPT_CARD_MESSAGES } from "./payments-provider";

const base = "https://payments.upstream.mock";
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
beforeEach(() => {
  resetWorld();
  resetSales();
  clearSwitches();
});
afterAll(() => mockServer.close());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method, headers: { "Content-Type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });

async function pluginAnswer(correo = "demo.mbb@example.com", canal = "general") {
  const key = hostKeyResponse.parse(await (await fetch(`${base}/servicio/angular/llave`)).json());
  const sealed = seal({ tienda: "bait-web", canal, telefono: "5512345678", precio: 100, correo }, key.llave);
  if (!sealed.ok) throw new Error(sealed.reason);
  const answer = pluginResponse.parse(await (await send("POST", "/servicio/angular/plugin", { data: sealed.value.envelope })).json());
  const opened = openReply(answer.informacion, sealed.value.sessionKey);
  if (!opened.ok) throw new Error(opened.reason);
  return pluginInfo.parse(opened.value);
}

const extra: ChargeRequest["extra"] = { uuid: "v1", precio: 100, cantidad: 1, total: 100, vigencia: "15 días", telefono: "5512345678", nombre: "Ana", correo: "demo.mbb@example.com", descripcion: "Bait 100", logged: "No", referencia1: "BAIT100" };

async function chargeBody(numero: string) {
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
  const body: ChargeRequest = { data: sealed.value.envelope, extra, info: null, meta: { token: null, recurrente: false } };
  return { info, body, headers: { customer: info.cliente.tienda, origin: info.form.origen } };
}

async function chargeWith(numero: string, idempotencyKey: string = randomUUID()) {
  const { info, body, headers } = await chargeBody(numero);
  return send("POST", `/servicio/angular/general/${info.proveedor.tipo}/cobrar`, body, { ...headers, "Idempotency-Key": idempotencyKey });
}

const orderBody = (overrides: Record<string, unknown> = {}) => ({ extra, articulo: { tipo: "DIGITAL_GOODS" }, envio: "NO_SHIPPING", retorno: "/pago", cancelacion: "/pago", ...overrides });
const orderHeaders = (idempotencyKey: string = randomUUID()) => ({ customer: "bait-web", origin: "web-general", "Idempotency-Key": idempotencyKey });

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

  it("charge without an Idempotency-Key is a 400 that says so", async () => {
    const { info, body, headers } = await chargeBody("4111111111111111");
    const response = await send("POST", `/servicio/angular/general/${info.proveedor.tipo}/cobrar`, body, headers);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, mensaje: "Falta el encabezado Idempotency-Key" });
    expect(sales.charges).toEqual([]);
  });

  it("charge twice with one Idempotency-Key: the same answer, one charge, one history entry", async () => {
    const before = world.history.get("5512345678")!.length;
    const first = await (await chargeWith("4111111111111111", "llave-1")).json();
    const second = await (await chargeWith("4111111111111111", "llave-1")).json();
    expect(chargeResponse.parse(second)).toEqual(first);
    expect(sales.charges).toHaveLength(1);
    expect(world.history.get("5512345678")).toHaveLength(before + 1);
  });

  it("one Idempotency-Key with another sale is a 409, never a charge", async () => {
    await chargeWith("4111111111111111", "llave-1");
    const { info, body, headers } = await chargeBody("4111111111111111");
    const response = await send("POST", `/servicio/angular/general/${info.proveedor.tipo}/cobrar`, { ...body, extra: { ...extra, uuid: "v2" } }, { ...headers, "Idempotency-Key": "llave-1" });
    expect(response.status).toBe(409);
    expect(sales.charges).toHaveLength(1);
  });

  it("refuses a token on the wrong provider type, and a card on PayPal's", async () => {
    const { body, headers } = await chargeBody("4111111111111111");
    const asToken = await send("POST", "/servicio/angular/general/1/cobrar", { ...body, meta: { token: "tok_abc", recurrente: false } }, { ...headers, "Idempotency-Key": randomUUID() });
    const onPaypal = await send("POST", "/servicio/angular/general/3/cobrar", body, { ...headers, "Idempotency-Key": randomUUID() });
    expect([asToken.status, onPaypal.status]).toEqual([400, 400]);
    expect(sales.charges).toEqual([]);
  });

  it.each([
    ["demo.mbb@example.com", "general", 1, true, true],
    ["demo.mbb@example.com", "esim", 1, false, true],
    ["demo+directo@example.com", "general", 1, false, true],
    ["demo+iframe@example.com", "general", 2, true, true],
    ["demo+paypal@example.com", "esim", 3, false, false],
  ])("plugin for %s on %s: tipo %i, detalle %s, direcciones %s", async (correo, canal, tipo, detalle, direcciones) => {
    const info = await pluginAnswer(correo, canal);
    expect([info.proveedor.tipo, info.config.info.detalle, info.direcciones]).toEqual([tipo, detalle, direcciones]);
    expect(mockProviderFor(correo, canal as "general")).toMatchObject({ tipo, detalle, api: info.proveedor.api });
  });

  it("PayPal order: created with an approval address, the same for a repeated key", async () => {
    const headers = orderHeaders();
    const first = paypalOrderResponse.parse(await (await send("POST", "/servicio/angular/general/3/orden", orderBody(), headers)).json());
    expect(first).toMatchObject({ success: true, orden: expect.any(String), aprobacion: `/__mocks/paypal/aprobar?orden=${first.orden}` });
    const second = paypalOrderResponse.parse(await (await send("POST", "/servicio/angular/general/3/orden", orderBody(), headers)).json());
    expect(second).toEqual(first);
    expect(sales.paypalOrders.get(first.orden!)).toMatchObject({ state: "created", amount: 100, returnUrl: "/pago" });
  });

  it.each([
    [{ articulo: { tipo: "PHYSICAL_GOODS" } }, 422],
    [{ envio: "GET_FROM_FILE" }, 422],
    [{ retorno: "//otro.example/pago" }, 400],
    [{ cancelacion: "https://otro.example/" }, 400],
    [{ retorno: "pago" }, 400],
  ])("PayPal order refused: %j → %i", async (overrides, status) => {
    const response = await send("POST", "/servicio/angular/general/3/orden", orderBody(overrides), orderHeaders());
    expect(response.status).toBe(status);
    expect(paypalOrderResponse.parse(await response.json()).success).toBe(false);
    expect(sales.paypalOrders.size).toBe(0);
  });

  it("PayPal order without an Idempotency-Key is a 400", async () => {
    const response = await send("POST", "/servicio/angular/general/3/orden", orderBody(), { customer: "bait-web", origin: "web-general" });
    expect(response.status).toBe(400);
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

/** GET …/{channel}/cobro/{key} with the store and form origin /cobrar carries. */
const statusOf = (key: string, channel = "general", headers: Record<string, string> = { customer: "bait-web", origin: "web-general" }) =>
  fetch(`${base}/servicio/angular/${channel}/cobro/${encodeURIComponent(key)}`, { headers });

describe("the charge's status by its Idempotency-Key (an assumed path, not in SPEC §7)", () => {
  it("approved after an approved charge, with the charge's order and message", async () => {
    const charged = chargeResponse.parse(await (await chargeWith("4111111111111111", "llave-ok")).json());
    const response = await statusOf("llave-ok");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(chargeStatusResponse.safeParse(body).success).toBe(true);
    expect(body).toEqual({ success: true, estado: "aprobado", orden: charged.orden, mensaje: charged.mensaje });
  });

  it("declined after a declined charge, with the provider's decline message", async () => {
    await chargeWith("4000000000000002", "llave-no");
    expect(await (await statusOf("llave-no")).json()).toEqual({ success: true, estado: "rechazado", mensaje: DECLINED_MESSAGE });
  });

  it("no_recibido for a key no charge came with (and for a request refused before deciding)", async () => {
    expect(await (await statusOf(randomUUID())).json()).toEqual({ success: true, estado: "no_recibido" });
    const { body, headers } = await chargeBody("4111111111111111");
    await send("POST", "/servicio/angular/general/3/cobrar", body, { ...headers, "Idempotency-Key": "llave-mala" });
    expect(await (await statusOf("llave-mala")).json()).toEqual({ success: true, estado: "no_recibido" });
  });

  it("en_proceso while the provider holds the charge, then its decision once released", async () => {
    setSwitch("payments.charge", { hold: true });
    const pending = chargeWith("4111111111111111", "llave-retenida");
    await vi.waitFor(() => expect(heldCalls()).toEqual({ "payments.charge": 1 }));
    expect(sales.chargesInFlight.has("llave-retenida")).toBe(true);
    expect(await (await statusOf("llave-retenida")).json()).toEqual({ success: true, estado: "en_proceso" });
    expect(sales.charges).toEqual([]);
    releaseHeld();
    const charged = chargeResponse.parse(await (await pending).json());
    expect(heldCalls()).toEqual({});
    expect(sales.chargesInFlight.size).toBe(0);
    expect(await (await statusOf("llave-retenida")).json()).toMatchObject({ estado: "aprobado", orden: charged.orden });
    // Released once: the next charge is not held.
    expect((await chargeWith("4111111111111111", "llave-siguiente")).status).toBe(200);
  });

  it("a reset lets a held charge go: nothing waits for a release that will not come", async () => {
    setSwitch("payments.charge", { hold: true });
    const pending = chargeWith("4111111111111111", "llave-olvidada");
    await vi.waitFor(() => expect(heldCalls()).toEqual({ "payments.charge": 1 }));
    clearSwitches();
    expect((await pending).status).toBe(200);
    expect(heldCalls()).toEqual({});
  });

  it("a charge the provider failed before deciding (a forced 503) leaves nothing in process", async () => {
    setSwitch("payments.charge", { latencyMs: 50, status: 503 });
    expect((await chargeWith("4111111111111111", "llave-caida")).status).toBe(503);
    expect(sales.chargesInFlight.size).toBe(0);
    expect(await (await statusOf("llave-caida")).json()).toEqual({ success: true, estado: "no_recibido" });
    expect(sales.charges).toEqual([]);
  });

  it("an eSIM's approval carries its activation code", async () => {
    const info = await pluginAnswer("demo.mbb@example.com", "esim");
    const { body, headers } = await chargeBody("4111111111111111");
    const charged = chargeResponse.parse(await (await send("POST", `/servicio/angular/esim/${info.proveedor.tipo}/cobrar`, body, { ...headers, "Idempotency-Key": "llave-esim" })).json());
    expect(charged.codigoActivacion).toMatch(/^LPA:1\$/);
    expect(await (await statusOf("llave-esim", "esim")).json()).toMatchObject({ estado: "aprobado", orden: charged.orden, codigoActivacion: charged.codigoActivacion });
  });

  it("refuses a request without the customer and origin headers, and an unknown channel", async () => {
    const bare = await statusOf("llave-1", "general", {});
    expect(bare.status).toBe(400);
    expect(chargeStatusResponse.parse(await bare.json())).toMatchObject({ success: false, mensaje: expect.any(String) });
    expect((await statusOf("llave-1", "otro")).status).toBe(400);
  });

  it("honours its own switch", async () => {
    setSwitch("payments.chargeStatus", { status: 500 });
    expect((await statusOf("llave-1")).status).toBe(500);
  });

  it("an approved recharge's history entry and charge carry the sale's uuid", async () => {
    const charged = chargeResponse.parse(await (await chargeWith("4111111111111111")).json());
    expect(world.history.get("5512345678")!.at(-1)).toMatchObject({ uuid: extra.uuid, orderID: charged.orden });
    expect(sales.charges).toMatchObject([{ orderId: charged.orden, saleUuid: extra.uuid, phone: "5512345678", approved: true }]);
  });
});

/** The kept cards' calls (assumed paths, not in SPEC §7: docs/upstream.md), per customer. */
const LUIS = "5545678901";
const MARTA = "5556789012";
const ANA = "5512345678";
const storeHeaders = { customer: "bait-web" };

async function keptCards(customer: string) {
  const response = await fetch(`${base}/servicio/angular/tarjetas?cliente=${customer}`, { headers: storeHeaders });
  const parsed = keptCardsResponse.parse(await response.json());
  if (!parsed.success) throw new Error(parsed.mensaje ?? "sin tarjetas");
  return parsed.tarjetas;
}

const forget = (token: string, customer: string) => send("DELETE", `/servicio/angular/tarjetas/${token}?cliente=${customer}`, undefined, storeHeaders);

/** A charge of a kept card: type 2, `meta.token` and `meta.cliente`, `data` without a card (as the app seals it). */
async function chargeKept(token: string, cliente: string, { idempotencyKey = randomUUID() as string, telefono = cliente, providerType = 2, uuid = randomUUID() as string } = {}) {
  const info = await pluginAnswer();
  const data: ChargeData = { divisa: "MXN", nombre: "", apellido: "", direccion: "", colonia: "00", codigoPostal: "", ciudad: "", estado: "", pais: "" };
  const sealed = seal(data, info.proveedor.publico);
  if (!sealed.ok) throw new Error(sealed.reason);
  const body: ChargeRequest = { data: sealed.value.envelope, extra: { ...extra, uuid, telefono }, info: null, meta: { token, recurrente: false, cliente } };
  return send("POST", `/servicio/angular/general/${providerType}/cobrar`, body, { customer: info.cliente.tienda, origin: info.form.origen, "Idempotency-Key": idempotencyKey });
}

/** A card charge (type 1) with 'Guardar esta tarjeta…' for `cliente`. */
async function chargeKeeping(numero: string, cliente: string, meta: Partial<ChargeRequest["meta"]> = { cliente, guardar: true }) {
  const { info, body, headers } = await chargeBody(numero);
  return send("POST", `/servicio/angular/general/${info.proveedor.tipo}/cobrar`, { ...body, extra: { ...extra, telefono: cliente }, meta: { ...body.meta, ...meta } }, { ...headers, "Idempotency-Key": randomUUID() });
}

describe("kept cards, per customer (assumed paths, not in SPEC §7)", () => {
  it("lists each customer's own: Ana's recurring recharge's Visa 1111, Marta's two newest first, none for Luis", async () => {
    expect(await keptCards(ANA)).toEqual([{ token: DEMO_KEPT_CARDS.anaVisa, marca: "visa", ultimos: "1111", cvvRequerido: false, campoCvv: null, recurrente: true }]);
    expect((await keptCards(MARTA)).map((card) => [card.token, card.marca, card.ultimos, card.recurrente])).toEqual([
      [DEMO_KEPT_CARDS.martaDeclined, "visa", "0002", false],
      [DEMO_KEPT_CARDS.martaExpired, "mastercard", "4444", false],
    ]);
    expect(await keptCards(LUIS)).toEqual([]);
  });

  it("refuses a list without the store header or without a customer's 10 digits, and honours its switch", async () => {
    expect((await fetch(`${base}/servicio/angular/tarjetas?cliente=${ANA}`)).status).toBe(400);
    expect((await fetch(`${base}/servicio/angular/tarjetas?cliente=55`, { headers: storeHeaders })).status).toBe(400);
    setSwitch(`payments.keptCards:${ANA}`, { status: 500 });
    expect((await fetch(`${base}/servicio/angular/tarjetas?cliente=${ANA}`, { headers: storeHeaders })).status).toBe(500);
    expect((await fetch(`${base}/servicio/angular/tarjetas?cliente=${MARTA}`, { headers: storeHeaders })).status).toBe(200);
  });

  it("charges a customer's kept card by its token: approved, on the line's history, once per Idempotency-Key", async () => {
    const before = world.history.get(ANA)!.length;
    const first = await (await chargeKept(DEMO_KEPT_CARDS.anaVisa, ANA, { idempotencyKey: "llave-guardada", uuid: "venta-repetida" })).json();
    expect(chargeResponse.parse(first)).toMatchObject({ success: true, orden: expect.stringMatching(/^ORD-/) });
    const again = await (await chargeKept(DEMO_KEPT_CARDS.anaVisa, ANA, { idempotencyKey: "llave-guardada", uuid: "venta-repetida" })).json();
    expect(again).toEqual(first);
    expect(sales.charges).toHaveLength(1);
    expect(world.history.get(ANA)).toHaveLength(before + 1);
  });

  it("declines Marta's Visa 0002 and her expired Mastercard with the provider's words", async () => {
    expect(await (await chargeKept(DEMO_KEPT_CARDS.martaDeclined, MARTA)).json()).toEqual({ success: false, mensaje: DECLINED_MESSAGE });
    expect(await (await chargeKept(DEMO_KEPT_CARDS.martaExpired, MARTA)).json()).toEqual({ success: false, mensaje: KEPT_CARD_MESSAGES.expired });
    expect(sales.charges.map((charge) => charge.approved)).toEqual([false, false]);
  });

  it("refuses another customer's token in Spanish (403), and charges nothing", async () => {
    const response = await chargeKept(DEMO_KEPT_CARDS.anaVisa, MARTA);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, mensaje: KEPT_CARD_MESSAGES.notYours });
    expect(sales.charges).toEqual([]);
  });

  it("refuses a kept card without meta.cliente, or on another provider type", async () => {
    expect((await chargeKept(DEMO_KEPT_CARDS.anaVisa, ANA, { providerType: 1 })).status).toBe(400);
    const { body, headers } = await chargeBody("4111111111111111");
    const bare = await send("POST", "/servicio/angular/general/2/cobrar", { ...body, meta: { token: DEMO_KEPT_CARDS.anaVisa, recurrente: false } }, { ...headers, "Idempotency-Key": randomUUID() });
    expect(bare.status).toBe(400);
    expect(sales.charges).toEqual([]);
  });

  it("keeps the card of an approved charge with meta.guardar for its customer, once; never a declined one's", async () => {
    expect(chargeResponse.parse(await (await chargeKeeping("2223003122003222", LUIS)).json()).success).toBe(true);
    expect(chargeResponse.parse(await (await chargeKeeping("2223003122003222", LUIS)).json()).success).toBe(true);
    expect(chargeResponse.parse(await (await chargeKeeping("4000000000000002", LUIS)).json()).success).toBe(false);
    const cards = await keptCards(LUIS);
    expect(cards).toEqual([{ token: expect.stringMatching(/^kc_/), marca: "mastercard", ultimos: "3222", cvvRequerido: false, campoCvv: null, recurrente: false }]);
    expect(chargeResponse.parse(await (await chargeKept(cards[0]!.token, LUIS)).json()).success).toBe(true);
    expect(await keptCards(ANA)).toHaveLength(1);
  });

  it("refuses meta.guardar without meta.cliente", async () => {
    const response = await chargeKeeping("4111111111111111", LUIS, { guardar: true });
    expect(response.status).toBe(400);
    expect(sales.charges).toEqual([]);
  });

  it("forgets a customer's card (then it is gone and cannot pay), never another customer's nor a recurrence's", async () => {
    await chargeKeeping("5555555555554444", LUIS);
    const [card] = await keptCards(LUIS);
    expect((await forget(card!.token, MARTA)).status).toBe(403);
    const recurrence = await forget(DEMO_KEPT_CARDS.anaVisa, ANA);
    expect(recurrence.status).toBe(409);
    expect(forgetCardResponse.parse(await recurrence.json())).toEqual({ success: false, mensaje: KEPT_CARD_MESSAGES.paysRecurrence });
    const forgotten = await forget(card!.token, LUIS);
    expect(forgetCardResponse.parse(await forgotten.json())).toEqual({ success: true, mensaje: KEPT_CARD_MESSAGES.forgotten });
    expect(await keptCards(LUIS)).toEqual([]);
    expect(await (await chargeKept(card!.token, LUIS)).json()).toEqual({ success: false, mensaje: KEPT_CARD_MESSAGES.gone });
    expect((await forget(card!.token, LUIS)).status).toBe(404);
  });

  it("a recurrence's card is kept while the recurrence lasts", async () => {
    await chargeKeeping("5555555555554444", LUIS, { recurrente: true });
    const [card] = await keptCards(LUIS);
    expect(card).toMatchObject({ marca: "mastercard", ultimos: "4444", recurrente: true });
    const recurrence = [...world.recurrences.values()].find((entry) => entry.number === LUIS)!;
    await send("DELETE", `/v2/service/recurrence/${recurrence.uuid}/cancel`);
    expect(await keptCards(LUIS)).toEqual([]);
  });
});
