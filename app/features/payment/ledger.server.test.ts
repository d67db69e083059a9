import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { memoryState, redisState, type SharedState } from "~/lib/store/shared-state.server";
import { countFailure, PaymentLedger, type ChargeVerdict, type OpenPayment, type PaymentLookup, type ProviderRecord } from "./ledger.server";

const declined: ChargeVerdict = { ok: false, messageKey: "payment:payment.failed", unknown: false };
const approved: ChargeVerdict = { ok: true, orderId: "ORD-1" };
const unknown: ChargeVerdict = { ok: false, messageKey: "payment:payment.outcomeUnknown", unknown: true };
const lookup: PaymentLookup = { channel: "general", store: "bait-web", formOrigin: "web-general" };
/** A provider that was never asked: the tests that do not reach it. */
const noRecord = async (): Promise<ProviderRecord | null> => null;

const ledgerOn = (state: SharedState, options: { record?: (open: OpenPayment) => Promise<ProviderRecord | null>; clock?: () => number; settleAfterMs?: number } = {}) =>
  new PaymentLedger(state, { waitMs: 300, pollMs: 20, settleAfterMs: options.settleAfterMs ?? 30_000 }, options.record ?? noRecord, options.clock);

/** What a run decided, for the tests that look only at the verdict. */
async function decided(ledger: PaymentLedger, key: string, sale: string, charge: () => Promise<ChargeVerdict>) {
  const result = await ledger.run(key, sale, lookup, charge);
  if (result.kind !== "decided") throw new Error(`expected a verdict, got ${result.kind}`);
  // The customer is told at once (the checkout's answer): the sale may pay again.
  await ledger.told(sale, key);
  return result.verdict;
}

describe("the failure counter (docs/payment.md, spec §9: threshold 3)", () => {
  it("counts 1, 2, then resets at the third and says so", () => {
    expect(countFailure(0)).toEqual({ failures: 1, reset: false });
    expect(countFailure(1)).toEqual({ failures: 2, reset: false });
    expect(countFailure(2)).toEqual({ failures: 0, reset: true });
  });

  it("three declined attempts of a sale: the third resets, the fourth starts again at 1", async () => {
    const ledger = ledgerOn(memoryState());
    const tallies = [];
    for (const key of ["k1", "k2", "k3", "k4"]) tallies.push((await decided(ledger, key, "sale-1", async () => declined)).tally);
    expect(tallies).toEqual([
      { failures: 1, reset: false },
      { failures: 2, reset: false },
      { failures: 0, reset: true },
      { failures: 1, reset: false },
    ]);
  });

  it("a success clears the sale's counter", async () => {
    const ledger = ledgerOn(memoryState());
    await decided(ledger, "a", "sale", async () => declined);
    expect(await ledger.failuresOf("sale")).toBe(1);
    await decided(ledger, "c", "sale", async () => approved);
    expect(await ledger.failuresOf("sale")).toBe(0);
  });
});

describe("idempotency: one charge per payment key", () => {
  it("a double submit while the first is running waits for it and gets the same verdict", async () => {
    const ledger = ledgerOn(memoryState());
    let release!: (verdict: ChargeVerdict) => void;
    const charge = vi.fn(() => new Promise<ChargeVerdict>((resolve) => (release = resolve)));
    const first = ledger.run("key", "sale", lookup, charge);
    const second = ledger.run("key", "sale", lookup, charge);
    await vi.waitFor(() => expect(charge).toHaveBeenCalled());
    release(approved);
    expect(await first).toEqual({ kind: "decided", verdict: approved });
    expect(await second).toEqual({ kind: "decided", verdict: approved });
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it("a reload of the POST after a decline repeats the verdict without charging or counting again", async () => {
    const ledger = ledgerOn(memoryState());
    const charge = vi.fn(async () => declined);
    await decided(ledger, "key", "sale", charge);
    const again = await decided(ledger, "key", "sale", charge);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(again.tally).toEqual({ failures: 1, reset: false });
    expect(await ledger.failuresOf("sale")).toBe(1);
  });

  it("a key used for another sale is refused", async () => {
    const ledger = ledgerOn(memoryState());
    await decided(ledger, "key", "sale-a", async () => approved);
    expect(await ledger.run("key", "sale-b", lookup, async () => approved)).toEqual({ kind: "refused" });
  });

  it("forgets keys after two hours", async () => {
    let now = 0;
    const ledger = ledgerOn(memoryState(() => now), { clock: () => now });
    const charge = vi.fn(async () => approved);
    await decided(ledger, "key", "sale", charge);
    now = 2 * 60 * 60 * 1000 + 1;
    await decided(ledger, "key", "sale", charge);
    expect(charge).toHaveBeenCalledTimes(2);
  });
});

describe("an unknown outcome (docs/payment.md \"States of a payment\")", () => {
  it("stays open: no other attempt of the sale is charged, whatever key it carries", async () => {
    const ledger = ledgerOn(memoryState());
    expect(await ledger.run("k1", "sale", lookup, async () => unknown)).toEqual({ kind: "pending" });
    const another = vi.fn(async () => approved);
    expect(await ledger.run("k2", "sale", lookup, another)).toEqual({ kind: "pending" });
    expect(another).not.toHaveBeenCalled();
    expect((await ledger.openOf("sale"))?.key).toBe("k1");
    // An unknown outcome is not a failure.
    expect(await ledger.failuresOf("sale")).toBe(0);
  });

  it("a charge that throws is an unknown outcome too, never a fresh pay step", async () => {
    const ledger = ledgerOn(memoryState());
    expect(await ledger.run("k1", "sale", lookup, async () => Promise.reject(new Error("socket hang up")))).toEqual({ kind: "pending" });
    expect((await ledger.openOf("sale"))?.key).toBe("k1");
  });

  it("is settled as approved from the provider's record, and the receipt's order is the provider's", async () => {
    const record = vi.fn(async (): Promise<ProviderRecord> => ({ state: "approved", orderId: "ORD-9", activationCode: null }));
    const ledger = ledgerOn(memoryState(), { record });
    await ledger.run("k1", "sale", lookup, async () => unknown);
    const outcome = await ledger.reconcile("sale");
    expect(outcome).toMatchObject({ kind: "decided", verdict: { ok: true, orderId: "ORD-9" } });
    expect(record).toHaveBeenCalledWith(expect.objectContaining({ key: "k1", saleUuid: "sale", lookup }));
    // Until the customer is told, it stays decided (a reload tells again); then the sale is free.
    expect((await ledger.reconcile("sale")).kind).toBe("decided");
    await ledger.told("sale", "k1");
    expect(await ledger.reconcile("sale")).toEqual({ kind: "none" });
    // The old page's key gets the verdict again, and is never charged.
    const charge = vi.fn(async () => approved);
    expect(await ledger.run("k1", "sale", lookup, charge)).toMatchObject({ kind: "decided", verdict: { ok: true, orderId: "ORD-9" } });
    expect(charge).not.toHaveBeenCalled();
  });

  it("is settled as declined from the provider's record and counts once toward the three failures", async () => {
    const record = async (): Promise<ProviderRecord> => ({ state: "declined", message: "Fondos insuficientes." });
    const ledger = ledgerOn(memoryState(), { record });
    await ledger.run("k1", "sale", lookup, async () => unknown);
    const first = await ledger.reconcile("sale");
    const second = await ledger.reconcile("sale");
    expect(first).toMatchObject({ kind: "decided", verdict: { ok: false, upstreamText: "Fondos insuficientes.", tally: { failures: 1, reset: false } } });
    expect(second).toMatchObject({ kind: "decided", verdict: { tally: { failures: 1, reset: false } } });
    expect(await ledger.failuresOf("sale")).toBe(1);
  });

  it("while the provider is still deciding, or cannot be asked, it stays pending", async () => {
    let answer: ProviderRecord | null = { state: "processing" };
    const ledger = ledgerOn(memoryState(), { record: async () => answer });
    await ledger.run("k1", "sale", lookup, async () => unknown);
    expect((await ledger.reconcile("sale")).kind).toBe("pending");
    answer = null;
    expect((await ledger.reconcile("sale")).kind).toBe("pending");
  });

  it("'never received' is believed only once the attempt is older than the charge's timeout; then the sale may pay again, and nothing is counted", async () => {
    let now = 1_000_000;
    const ledger = ledgerOn(memoryState(() => now), { record: async () => ({ state: "notReceived" }), clock: () => now, settleAfterMs: 29_000 });
    await ledger.run("k1", "sale", lookup, async () => unknown);
    now += 10_000;
    // The request may still be on its way: no verdict yet.
    expect((await ledger.reconcile("sale")).kind).toBe("pending");
    now += 20_000;
    const outcome = await ledger.reconcile("sale");
    expect(outcome).toMatchObject({ kind: "decided", verdict: { ok: false, notReceived: true, messageKey: "payment:recovery.notReceived" } });
    expect(await ledger.failuresOf("sale")).toBe(0);
    await ledger.told("sale", "k1");
    // A fresh attempt is charged.
    const charge = vi.fn(async () => approved);
    expect(await ledger.run("k2", "sale", lookup, charge)).toMatchObject({ kind: "decided", verdict: { ok: true } });
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it("a decided attempt the customer was not told of gives way to a new attempt of the sale", async () => {
    const ledger = ledgerOn(memoryState(), { record: async () => ({ state: "declined", message: null }) });
    await ledger.run("k1", "sale", lookup, async () => unknown);
    await ledger.reconcile("sale");
    const charge = vi.fn(async () => approved);
    expect(await ledger.run("k2", "sale", lookup, charge)).toMatchObject({ kind: "decided", verdict: { ok: true } });
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it("the old page's key, posted again after the attempt is over, is settled from the record instead of waiting", async () => {
    let now = 1_000_000;
    const ledger = ledgerOn(memoryState(() => now), { record: async () => ({ state: "approved", orderId: "ORD-2", activationCode: null }), clock: () => now, settleAfterMs: 29_000 });
    await ledger.run("k1", "sale", lookup, async () => unknown);
    now += 30_000;
    const charge = vi.fn(async () => approved);
    expect(await ledger.run("k1", "sale", lookup, charge)).toMatchObject({ kind: "decided", verdict: { ok: true, orderId: "ORD-2" } });
    expect(charge).not.toHaveBeenCalled();
  });
});

describe("the sweep", () => {
  it("settles only the open payments older than the charge's timeout", async () => {
    let now = 1_000_000;
    const record = vi.fn(async (): Promise<ProviderRecord> => ({ state: "approved", orderId: "ORD-3", activationCode: null }));
    const ledger = ledgerOn(memoryState(() => now), { record, clock: () => now, settleAfterMs: 29_000 });
    await ledger.run("old", "sale-old", lookup, async () => unknown);
    now += 20_000;
    await ledger.run("young", "sale-young", lookup, async () => unknown);
    now += 10_000;
    expect(await ledger.sweep()).toBe(1);
    expect(record).toHaveBeenCalledTimes(1);
    expect((await ledger.reconcile("sale-old")).kind).toBe("decided");
    expect(await ledger.verdictOf("young")).toBeNull();
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
  const twoInstances = (options: Parameters<typeof ledgerOn>[1] = {}) => {
    const [a, b] = states();
    opened.push(a!, b!);
    return [ledgerOn(a!, options), ledgerOn(b!, options)] as const;
  };

  it("one pay form posted to both charges once, and both answer its verdict", async () => {
    const [a, b] = twoInstances();
    const key = `key-${Math.random()}`;
    let release!: (verdict: ChargeVerdict) => void;
    const charge = vi.fn(() => new Promise<ChargeVerdict>((resolve) => (release = resolve)));
    const first = a.run(key, "sale", lookup, charge);
    await vi.waitFor(() => expect(charge).toHaveBeenCalled());
    const second = b.run(key, "sale", lookup, charge);
    release(approved);
    expect(await first).toEqual({ kind: "decided", verdict: approved });
    expect(await second).toEqual({ kind: "decided", verdict: approved });
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await b.verdictOf(key)).toEqual(approved);
  });

  it("the failure counter of a sale is one, whichever instance the declined attempts reach", async () => {
    const [a, b] = twoInstances();
    const sale = `sale-${Math.random()}`;
    const tallies = [];
    for (const [ledger, key] of [[a, "k1"], [b, "k2"], [a, "k3"]] as const) tallies.push((await decided(ledger, `${sale}-${key}`, sale, async () => declined)).tally);
    expect(tallies).toEqual([
      { failures: 1, reset: false },
      { failures: 2, reset: false },
      { failures: 0, reset: true },
    ]);
  });

  it("two instances sweeping at once settle each open payment once, and count its decline once", async () => {
    let now = Date.now();
    const record = vi.fn(async (): Promise<ProviderRecord> => ({ state: "declined", message: null }));
    const [a, b] = twoInstances({ record, clock: () => now, settleAfterMs: 1_000 });
    const sale = `sale-${Math.random()}`;
    await a.run(`${sale}-k`, sale, lookup, async () => unknown);
    now += 2_000;
    const [left, right] = await Promise.all([a.sweep(), b.sweep()]);
    expect(left + right).toBe(1);
    expect(record).toHaveBeenCalledTimes(1);
    expect(await a.failuresOf(sale)).toBe(1);
  });
});

describe("while the shared state does not answer", () => {
  it("nothing is charged: the visitor gets the service's 'not available' message", async () => {
    const down = redisState("redis://127.0.0.1:1");
    const charge = vi.fn(async () => approved);
    expect(await ledgerOn(down).run("key", "sale", lookup, charge)).toEqual({ kind: "unavailable" });
    expect(charge).not.toHaveBeenCalled();
    await down.close();
  });
});
