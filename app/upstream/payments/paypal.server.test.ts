import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PAYPAL_NOT_APPROVED } from "../../../mocks/handlers/payments";
import { paypalApprovalPage } from "../../../mocks/provider-pages";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { sales } from "../../../mocks/world-sales";
import { charge } from "./charge.server";
import { createPaypalOrder } from "./paypal.server";
import { setUpPaymentPlugin, type PluginSetup } from "./plugin.server";
import { ana, anasSale, keyOf } from "./fixtures.test-helpers";

useMockUpstream();

describe("paying with PayPal (provider type 3)", () => {
  async function paypalSetup() {
    const result = await setUpPaymentPlugin({ ...ana, email: "ana+paypal@example.com" });
    if (!result.ok) throw result.error;
    return result.data;
  }
  const orderFor = async (plugin: PluginSetup) => {
    const order = await createPaypalOrder({ setup: plugin, sale: anasSale, returnUrl: "/pago?paso=paypal", cancelUrl: "/pago?paso=cancelado", idempotencyKey: randomUUID() });
    if (!order.ok) throw order.error;
    return order.data;
  };
  const decide = (orderId: string, accion: "aprobar" | "cancelar") => paypalApprovalPage("POST", new URLSearchParams(), new URLSearchParams({ orden: orderId, accion }));

  it("creates an order, the buyer approves it, the charge captures it once", async () => {
    const before = world.history.get("5512345678")!.length;
    const plugin = await paypalSetup();
    const order = await orderFor(plugin);
    expect(order.approvalUrl).toBe(`/__mocks/paypal/aprobar?orden=${order.orderId}`);
    expect(sales.paypalOrders.get(order.orderId)).toMatchObject({ state: "created", amount: 100, description: "Bait 100" });

    const unapproved = await charge({ setup: plugin, token: order.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(!unapproved.ok && unapproved.error.upstreamMessage).toBe(PAYPAL_NOT_APPROVED);

    expect(decide(order.orderId, "aprobar")).toEqual({ status: 303, location: `/pago?paso=paypal&paypal=${order.orderId}` });
    const paid = await charge({ setup: plugin, token: order.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(keyOf(paid)).toBe("ok");
    expect(world.history.get("5512345678")).toHaveLength(before + 1);
    expect(sales.paypalOrders.get(order.orderId)?.state).toBe("captured");

    const twice = await charge({ setup: plugin, token: order.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(!twice.ok && twice.error.upstreamMessage).toBe("Lo sentimos, este pago de PayPal ya se cobró.");
    expect(world.history.get("5512345678")).toHaveLength(before + 1);
  });

  it("refuses a cancelled order, and an order charged for another amount", async () => {
    const plugin = await paypalSetup();
    const cancelled = await orderFor(plugin);
    expect(decide(cancelled.orderId, "cancelar")).toEqual({ status: 303, location: "/pago?paso=cancelado" });
    const refused = await charge({ setup: plugin, token: cancelled.orderId, sale: anasSale, idempotencyKey: randomUUID() });
    expect(!refused.ok && refused.error.upstreamMessage).toBe(PAYPAL_NOT_APPROVED);

    const approved = await orderFor(plugin);
    decide(approved.orderId, "aprobar");
    const other = await charge({ setup: plugin, token: approved.orderId, sale: { ...anasSale, total: 200 }, idempotencyKey: randomUUID() });
    expect(!other.ok && other.error.upstreamMessage).toMatch(/monto no coincide/);
  });

  it("answers the same order for a repeated idempotency key", async () => {
    const plugin = await paypalSetup();
    const input = { setup: plugin, sale: anasSale, returnUrl: "/pago", cancelUrl: "/pago", idempotencyKey: randomUUID() };
    const first = await createPaypalOrder(input);
    const second = await createPaypalOrder(input);
    expect(first.ok && second.ok && first.data.orderId === second.data.orderId).toBe(true);
    expect(sales.paypalOrders.size).toBe(1);
  });

  it("refuses return addresses outside this site", async () => {
    const plugin = await paypalSetup();
    const result = await createPaypalOrder({ setup: plugin, sale: anasSale, returnUrl: "https://otro.example/pago", cancelUrl: "/pago", idempotencyKey: randomUUID() });
    expect(keyOf(result)).toBe("payment:payment.failed");
  });
});
