import { randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { DECLINED_MESSAGE } from "../../../mocks/handlers/payments";
import { mockServer } from "../../../mocks/node";
import { setSwitch } from "../../../mocks/switches";
import { sales } from "../../../mocks/world-sales";
import { charge } from "./charge.server";
import { chargeStatus, type ChargeStatus } from "./charge-status.server";
import { paymentKeys } from "./results.server";
import { base, chargeInput, keyOf, setup } from "./fixtures.test-helpers";
import type { PluginSetup } from "./plugin.server";
import type { UpstreamResult } from "../http.server";
import { shortUpstreamTimeout, useMockUpstream } from "../../../mocks/test-support";

useMockUpstream();

const statusFor = (plugin: PluginSetup, idempotencyKey: string) =>
  chargeStatus({ channel: plugin.client.channel, store: plugin.client.store, formOrigin: plugin.formOrigin, idempotencyKey });
const stateOf = (result: UpstreamResult<ChargeStatus>) => (result.ok ? result.data.state : result.error.messageKey);
const statusUrl = `${base}/servicio/angular/:channel/cobro/:key`;

describe("the charge's status by its idempotency key (never a charge)", () => {
  it("approved after an approved charge: the charge's order and message", async () => {
    const plugin = await setup();
    const input = chargeInput(plugin, "4111111111111111");
    const charged = await charge(input);
    if (!charged.ok) throw charged.error;
    const result = await statusFor(plugin, input.idempotencyKey);
    expect(result).toEqual({ ok: true, status: 200, data: { state: "approved", orderId: charged.data.orderId, activationCode: null, message: charged.data.message } });
    expect(sales.charges).toHaveLength(1);
  });

  it("approved for an eSIM with its activation code", async () => {
    const plugin = await setup();
    const esim = { ...plugin, client: { ...plugin.client, channel: "esim" as const } };
    const input = chargeInput(esim, "4111111111111111");
    const charged = await charge(input);
    if (!charged.ok) throw charged.error;
    const result = await statusFor(esim, input.idempotencyKey);
    expect(result.ok && result.data).toEqual({ state: "approved", orderId: charged.data.orderId, activationCode: charged.data.activationCode, message: charged.data.message });
    expect(charged.data.activationCode).toMatch(/^LPA:/);
  });

  it("declined after a declined charge, with the provider's message", async () => {
    const plugin = await setup();
    const input = chargeInput(plugin, "4000000000000002");
    expect(keyOf(await charge(input))).toBe(paymentKeys.failed);
    expect(await statusFor(plugin, input.idempotencyKey)).toEqual({ ok: true, status: 200, data: { state: "declined", message: DECLINED_MESSAGE } });
  });

  it("notReceived for a key no charge came with, and asking changes nothing", async () => {
    const plugin = await setup();
    expect(await statusFor(plugin, randomUUID())).toEqual({ ok: true, status: 200, data: { state: "notReceived" } });
    expect(sales.charges).toEqual([]);
  });

  it("processing while the provider holds a charge whose answer the app gave up on, then its decision", async () => {
    const plugin = await setup();
    // The charge waits three upstream timeouts (300 ms here); the provider takes 600.
    shortUpstreamTimeout();
    setSwitch("payments.charge", { latencyMs: 600 });
    const input = chargeInput(plugin, "4111111111111111");
    expect(keyOf(await charge(input))).toBe(paymentKeys.outcomeUnknown);
    expect(stateOf(await statusFor(plugin, input.idempotencyKey))).toBe("processing");
    let settled: UpstreamResult<ChargeStatus> | undefined;
    for (let tries = 0; tries < 100; tries++) {
      settled = await statusFor(plugin, input.idempotencyKey);
      if (stateOf(settled) !== "processing") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(settled?.ok && settled.data).toMatchObject({ state: "approved", orderId: expect.stringMatching(/^ORD-/) });
    expect(sales.charges).toMatchObject([{ approved: true, orderId: settled?.ok && settled.data.state === "approved" ? settled.data.orderId : "" }]);
  });

  it("a 404 means the provider never received it", async () => {
    mockServer.use(http.get(statusUrl, () => HttpResponse.json({ success: false, mensaje: "No existe un cobro con esa llave" }, { status: 404 })));
    const plugin = await setup();
    expect(await statusFor(plugin, randomUUID())).toEqual({ ok: true, status: 404, data: { state: "notReceived" } });
  });

  it.each([
    ["a 500", { status: 500 }, "http", 500],
    ["a malformed answer", { malformed: true }, "invalidResponse", 200],
    ["an answer of another shape", { body: { success: true, estado: "quizá" } }, "invalidResponse", 200],
    ["a timeout", { latencyMs: 400 }, "timeout", undefined],
  ])("%s is an error result: the outcome stays unknown", async (_name, value, kind, status) => {
    const plugin = await setup();
    if (kind === "timeout") shortUpstreamTimeout();
    setSwitch("payments.chargeStatus", value);
    const result = await statusFor(plugin, randomUUID());
    expect(!result.ok && [result.error.call, result.error.kind, result.error.messageKey, result.error.status]).toEqual(["payments.chargeStatus", kind, paymentKeys.outcomeUnknown, status]);
  });

  it("a refusal (success false) is an error result with the provider's message", async () => {
    mockServer.use(http.get(statusUrl, () => HttpResponse.json({ success: false, mensaje: "Tienda desconocida" })));
    const plugin = await setup();
    const result = await statusFor(plugin, randomUUID());
    expect(!result.ok && [result.error.kind, result.error.messageKey, result.error.upstreamMessage]).toEqual(["http", paymentKeys.outcomeUnknown, "Tienda desconocida"]);
  });

  it("sends GET with the store and form origin headers, the channel and the key in the path", async () => {
    const seen: { method: string; url: string; customer: string | null; origin: string | null }[] = [];
    mockServer.use(
      http.get(statusUrl, ({ request }) => {
        seen.push({ method: request.method, url: request.url, customer: request.headers.get("customer"), origin: request.headers.get("origin") });
        return HttpResponse.json({ success: true, estado: "en_proceso" });
      }),
    );
    const plugin = await setup();
    expect(stateOf(await statusFor(plugin, "llave-1"))).toBe("processing");
    expect(seen).toEqual([{ method: "GET", url: `${base}/servicio/angular/general/cobro/llave-1`, customer: plugin.client.store, origin: plugin.formOrigin }]);
  });

  it("refuses a blank key without calling anyone", async () => {
    let called = false;
    mockServer.use(
      http.get(statusUrl, () => {
        called = true;
        return HttpResponse.json({ success: true, estado: "no_recibido" });
      }),
    );
    const plugin = await setup();
    const result = await statusFor(plugin, " ");
    expect(!result.ok && [result.error.messageKey, result.error.status]).toEqual([paymentKeys.outcomeUnknown, 400]);
    expect(called).toBe(false);
  });
});
