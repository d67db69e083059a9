import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { memoryState, redisState, type SharedState } from "~/lib/store/shared-state.server";
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
    const ledger = new PaymentLedger(memoryState());
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
    const ledger = new PaymentLedger(memoryState());
    await ledger.run("a", "sale", async () => declined);
    await ledger.run("b", "sale", async () => ({ ...declined, unknown: true }));
    expect(await ledger.failuresOf("sale")).toBe(1);
    await ledger.run("c", "sale", async () => approved);
    expect(await ledger.failuresOf("sale")).toBe(0);
  });
});

describe("idempotency: one charge per payment key", () => {
  it("a double submit while the first is running waits for it and gets the same verdict", async () => {
    const ledger = new PaymentLedger(memoryState());
    let release!: (verdict: ChargeVerdict) => void;
    const charge = vi.fn(() => new Promise<ChargeVerdict>((resolve) => (release = resolve)));
    const first = ledger.run("key", "sale", charge);
    const second = ledger.run("key", "sale", charge);
    await vi.waitFor(() => expect(charge).toHaveBeenCalled());
    release(approved);
    expect(await first).toEqual(approved);
    expect(await second).toEqual(approved);
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it("a reload of the POST after a decline repeats the verdict without charging or counting again", async () => {
    const ledger = new PaymentLedger(memoryState());
    const charge = vi.fn(async () => declined);
    await ledger.run("key", "sale", charge);
    const again = await ledger.run("key", "sale", charge);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(again?.tally).toEqual({ failures: 1, reset: false });
    expect(await ledger.failuresOf("sale")).toBe(1);
  });

  it("a key used for another sale is refused", async () => {
    const ledger = new PaymentLedger(memoryState());
    await ledger.run("key", "sale-a", async () => approved);
    expect(await ledger.run("key", "sale-b", async () => approved)).toBeNull();
  });

  it("forgets keys after two hours", async () => {
    let now = 0;
    const ledger = new PaymentLedger(memoryState(() => now));
    const charge = vi.fn(async () => approved);
    await ledger.run("key", "sale", charge);
    now = 2 * 60 * 60 * 1000 + 1;
    await ledger.run("key", "sale", charge);
    expect(charge).toHaveBeenCalledTimes(2);
  });
});

describe.each([
  { name: "one memory", states: () => { const one = memoryState(); return [one, one]; } },
  { name: "one Redis (a real redis-server)", states: () => [redisState(inject("redisUrl")), redisState(inject("redisUrl"))] },
])("two instances on $name", ({ states }) => {
  const opened: SharedState[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()));
  });
  const twoInstances = () => {
    const [a, b] = states();
    opened.push(a!, b!);
    return [new PaymentLedger(a!, { waitMs: 5_000, pollMs: 20 }), new PaymentLedger(b!, { waitMs: 5_000, pollMs: 20 })] as const;
  };

  it("one pay form posted to both charges once, and both answer its verdict", async () => {
    const [a, b] = twoInstances();
    const key = `key-${Math.random()}`;
    let release!: (verdict: ChargeVerdict) => void;
    const charge = vi.fn(() => new Promise<ChargeVerdict>((resolve) => (release = resolve)));
    const first = a.run(key, "sale", charge);
    const second = b.run(key, "sale", charge);
    await vi.waitFor(() => expect(charge).toHaveBeenCalled());
    release(approved);
    expect(await first).toEqual(approved);
    expect(await second).toEqual(approved);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await b.verdictOf(key)).toEqual(approved);
  });

  it("the failure counter of a sale is one, whichever instance the declined attempts reach", async () => {
    const [a, b] = twoInstances();
    const sale = `sale-${Math.random()}`;
    const tallies = [];
    for (const [ledger, key] of [[a, "k1"], [b, "k2"], [a, "k3"]] as const) tallies.push((await ledger.run(`${sale}-${key}`, sale, async () => declined))?.tally);
    expect(tallies).toEqual([
      { failures: 1, reset: false },
      { failures: 2, reset: false },
      { failures: 0, reset: true },
    ]);
  });
});

describe("while the shared state does not answer", () => {
  it("nothing is charged: the visitor gets the service's 'not available' message", async () => {
    const down = redisState("redis://127.0.0.1:1");
    const charge = vi.fn(async () => approved);
    const verdict = await new PaymentLedger(down).run("key", "sale", charge);
    expect(verdict).toEqual({ ok: false, messageKey: "errors:upstream.unavailable", unknown: true });
    expect(charge).not.toHaveBeenCalled();
    await down.close();
  });
});
