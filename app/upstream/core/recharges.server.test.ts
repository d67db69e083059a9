import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { getRechargeHistory, hasPendingRecharge, startRechargePayment } from "./recharges.server";
import { dataOf, errorOf, quiet } from "./fixtures.test-helpers";

useMockUpstream({ timeoutMs: 8000 });

describe("recharge history and payment start", () => {
  it("lists a line's recharges newest first, in pesos", async () => {
    const history = dataOf(await getRechargeHistory("5512345678"));
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({ amount: 150, offeringId: "BAIT150", applied: true, status: "applied" });
    expect(history[1]).toMatchObject({ amount: 100, offeringId: "BAIT100" });
    expect(history[2]).toMatchObject({ amount: 100, offeringId: "BAIT100" });
    expect(hasPendingRecharge(history)).toBe(false);
  });

  it("rounds cents to whole pesos", async () => {
    world.history.get("5512345678")![0]!.amount = 9950;
    const history = dataOf(await getRechargeHistory("5512345678"));
    expect(history.at(-1)!.amount).toBe(100);
  });

  it("sees the pending recharge of 5556789012", async () => {
    const history = dataOf(await getRechargeHistory("5556789012", 1));
    expect(history).toHaveLength(1);
    expect(hasPendingRecharge(history)).toBe(true);
  });

  it("turns a 412 on the history into 'recharge:history.lineNotFound', which lets the flow go on", async () => {
    quiet();
    const error = errorOf(await getRechargeHistory("5500000000"));
    expect(error).toMatchObject({ messageKey: "recharge:history.lineNotFound", status: 412 });
  });

  it("opens a secure recharge payment with a keyring and an order id", async () => {
    const started = dataOf(await startRechargePayment({ number: "5512345678", email: "demo.mbb@example.com", offerId: "BAIT150", rechargeType: 1, channel: "general" }));
    expect(started.keyring.length).toBeGreaterThan(10);
    expect(started.orderId).toMatch(/^ORD-/);
    expect(world.history.get("5512345678")).toHaveLength(3);
  });
});
