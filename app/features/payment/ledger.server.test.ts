import { describe, expect, it, vi } from "vitest";
import { countFailure, PaymentLedger, type ChargeVerdict } from "./ledger.server";

const declined: ChargeVerdict = { ok: false, messageKey: "payment:payment.failed", unknown: false };
const approved: ChargeVerdict = { ok: true, orderId: "ORD-1" };

describe("the failure counter (docs/payment.md, spec §9: threshold 3)", () => {
  it("counts 1, 2, then resets at the third and says so", () => {
    expect(countFailure(0)).toEqual({ failures: 1, reset: false });
    expect(countFailure(1)).toEqual({ failures: 2, reset: false });
    expect(countFailure(2)).toEqual({ failures: 0, reset: true });
  });

  it("three declined attempts of a sale: the third resets, the fourth starts again at 1", async () => {
    const ledger = new PaymentLedger();
    const tallies = [];
    for (const key of ["k1", "k2", "k3", "k4"]) tallies.push((await ledger.run(key, "sale-1", async () => declined))?.tally);
    expect(tallies).toEqual([
      { failures: 1, reset: false },
      { failures: 2, reset: false },
      { failures: 0, reset: true },
      { failures: 1, reset: false },
    ]);
  });

  it("a success clears the sale's counter; an unknown outcome is not counted", async () => {
    const ledger = new PaymentLedger();
    await ledger.run("a", "sale", async () => declined);
    await ledger.run("b", "sale", async () => ({ ...declined, unknown: true }));
    expect(ledger.failuresOf("sale")).toBe(1);
    await ledger.run("c", "sale", async () => approved);
    expect(ledger.failuresOf("sale")).toBe(0);
  });
});

describe("idempotency: one charge per payment key", () => {
  it("a double submit while the first is running waits for it and gets the same verdict", async () => {
    const ledger = new PaymentLedger();
    let release!: (verdict: ChargeVerdict) => void;
    const charge = vi.fn(() => new Promise<ChargeVerdict>((resolve) => (release = resolve)));
    const first = ledger.run("key", "sale", charge);
    const second = ledger.run("key", "sale", charge);
    release(approved);
    expect(await first).toEqual(approved);
    expect(await second).toEqual(approved);
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it("a reload of the POST after a decline repeats the verdict without charging or counting again", async () => {
    const ledger = new PaymentLedger();
    const charge = vi.fn(async () => declined);
    await ledger.run("key", "sale", charge);
    const again = await ledger.run("key", "sale", charge);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(again?.tally).toEqual({ failures: 1, reset: false });
    expect(ledger.failuresOf("sale")).toBe(1);
  });

  it("a key used for another sale is refused", async () => {
    const ledger = new PaymentLedger();
    await ledger.run("key", "sale-a", async () => approved);
    expect(ledger.run("key", "sale-b", async () => approved)).toBeNull();
  });

  it("forgets keys after two hours", async () => {
    let now = 0;
    const ledger = new PaymentLedger(() => now);
    const charge = vi.fn(async () => approved);
    await ledger.run("key", "sale", charge);
    now = 2 * 60 * 60 * 1000 + 1;
    await ledger.run("key", "sale", charge);
    expect(charge).toHaveBeenCalledTimes(2);
  });
});
