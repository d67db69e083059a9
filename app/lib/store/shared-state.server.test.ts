import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@redis/client";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { createRateLimiter, LIMITS } from "../rate-limit.server";
import { fileState } from "./file-state.server";
import { memoryState, redisState, type SharedState } from "./shared-state.server";

/**
 * The shared state (attempt limits, the payment ledger) on its backends: this process's memory,
 * the same journaled to a file (a fresh folder each time), and Redis (a real redis-server,
 * tests/unit/redis-server.global-setup.ts), where two clients stand for two instances of the site.
 */
const opened: SharedState[] = [];
const folders: string[] = [];
const redis = () => {
  const state = redisState(inject("redisUrl"));
  opened.push(state);
  return state;
};
const file = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bait-state-"));
  folders.push(dir);
  const state = fileState(dir);
  opened.push(state);
  return state;
};
afterAll(async () => {
  await Promise.all(opened.map((state) => state.close()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/**
 * Publishes `message` from `from` until `heard()` says it arrived: on Redis a subscription is in
 * place a moment after `subscribe` returns, and a message published before that reaches nobody.
 */
async function publishUntilHeard(from: SharedState, channel: string, message: string, heard: () => boolean) {
  await vi.waitFor(
    async () => {
      if (!heard()) await from.publish(channel, message);
      expect(heard()).toBe(true);
    },
    { timeout: 5_000, interval: 50 },
  );
}

describe.each([
  { name: "memory", instances: () => { const one = memoryState(); return [one, one] as const; } },
  { name: "a journaled file", instances: () => { const one = file(); return [one, one] as const; } },
  { name: "Redis (two instances)", instances: () => [redis(), redis()] as const },
])("the shared state in $name", ({ instances }) => {
  it("counts hits in a window that starts with the first, seen by every instance", async () => {
    const [a, b] = instances();
    const key = `test:${randomUUID()}`;
    expect(await a.peek(key)).toBeNull();
    const first = await a.hit(key, 60_000);
    const second = await b.hit(key, 60_000);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThan(1_000);
    expect(second.resetAt - Date.now()).toBeGreaterThan(58_000);
    expect((await b.peek(key))?.count).toBe(2);
    await b.clear(key);
    expect(await a.peek(key)).toBeNull();
  });

  it("a release takes one back from a live count, atomically, never below 0 and never bringing an ended window back", async () => {
    const [a, b] = instances();
    const key = `test:${randomUUID()}`;
    await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? a : b).hit(key, 60_000)));
    const before = await a.peek(key);
    await Promise.all(Array.from({ length: 4 }, (_, index) => (index % 2 ? a : b).release(key)));
    expect(await b.peek(key)).toEqual({ count: 6, resetAt: expect.closeTo(before!.resetAt, -3) as number });
    await Promise.all(Array.from({ length: 8 }, () => a.release(key)));
    expect((await b.peek(key))?.count).toBe(0);
    expect((await a.hit(key, 60_000)).count).toBe(1);
    const gone = `test:${randomUUID()}`;
    await a.release(gone);
    expect(await b.peek(gone)).toBeNull();
  });

  it("a window ends by itself", async () => {
    const [a] = instances();
    const key = `test:${randomUUID()}`;
    await a.hit(key, 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await a.peek(key)).toBeNull();
  });

  it("a claim is won by one instance only, and its value is seen by all until it expires", async () => {
    const [a, b] = instances();
    const key = `test:${randomUUID()}`;
    const won = await Promise.all([a.claim(key, "a", 100), b.claim(key, "b", 100)]);
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await b.get(key)).toBe(won[0] ? "a" : "b");
    await a.set(key, "verdict", 100);
    expect(await b.get(key)).toBe("verdict");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await a.get(key)).toBeNull();
    expect(await b.claim(key, "again", 100)).toBe(true);
  });

  it("lists the live values under a prefix, as they were named", async () => {
    const [a, b] = instances();
    const prefix = `test:keys:${randomUUID()}:`;
    await a.set(`${prefix}one`, "1", 60_000);
    await b.claim(`${prefix}two`, "2", 60_000);
    await a.set(`${prefix}brief`, "3", 50);
    await a.set(`test:keys:${randomUUID()}:outside`, "4", 60_000);
    // Glob characters in a prefix are matched as they are.
    await b.set(`${prefix}[*]?`, "5", 60_000);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await b.keys(prefix)).sort()).toEqual([`${prefix}[*]?`, `${prefix}one`, `${prefix}two`].sort());
    expect(await a.keys(`${prefix}[*`)).toEqual([`${prefix}[*]?`]);
    expect(await a.keys(`${prefix}nothing`)).toEqual([]);
  });

  it("a message published on one instance reaches the listeners of its channel on every instance, until they stop", async () => {
    const [a, b] = instances();
    const channel = `test:channel:${randomUUID()}`;
    const onB: string[] = [];
    const alsoOnB: string[] = [];
    const onA: string[] = [];
    const elsewhere: string[] = [];
    const stopB = b.subscribe(channel, (message) => onB.push(message));
    b.subscribe(channel, (message) => alsoOnB.push(message));
    a.subscribe(channel, (message) => onA.push(message));
    b.subscribe(`${channel}:other`, (message) => elsewhere.push(message));

    await publishUntilHeard(a, channel, "uno", () => onB.includes("uno") && alsoOnB.includes("uno") && onA.includes("uno"));
    await b.publish(channel, "dos");
    await vi.waitFor(() => expect([onA.at(-1), onB.at(-1), alsoOnB.at(-1)]).toEqual(["dos", "dos", "dos"]));

    // Stopped: the other listener of the channel on that instance still hears what follows.
    stopB();
    const heardBefore = onB.length;
    await publishUntilHeard(a, channel, "tres", () => alsoOnB.includes("tres"));
    expect(onB).toHaveLength(heardBefore);
    expect(new Set(onB)).toEqual(new Set(["uno", "dos"]));
    expect(elsewhere).toEqual([]);
  });

  it("a listener that throws does not keep the message from the others", async () => {
    const [a, b] = instances();
    const channel = `test:channel:${randomUUID()}`;
    const heard: string[] = [];
    b.subscribe(channel, () => {
      throw new Error("roto");
    });
    b.subscribe(channel, (message) => heard.push(message));
    await publishUntilHeard(a, channel, "hola", () => heard.includes("hola"));
  });

  it("an attempt limit reached through one instance is enforced by the other", async () => {
    const [a, b] = instances();
    const first = createRateLimiter(a);
    const second = createRateLimiter(b);
    const attempt = { action: "login" as const, number: `55${String(Date.now()).slice(-8)}`, ip: `203.0.113.${Math.floor(Math.random() * 200)}` };
    for (let i = 0; i < LIMITS.perNumber.max; i++) expect((await first.reserve(attempt)).allowed).toBe(true);
    const refused = await second.reserve(attempt);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // A success on either clears the number's count.
    await second.succeed(attempt);
    expect((await first.reserve(attempt)).allowed).toBe(true);
  });

  it("attempts reserved at once through both instances: exactly the limit goes through, and the refused ones count nowhere", async () => {
    const [a, b] = instances();
    const limiters = [createRateLimiter(a), createRateLimiter(b)];
    const number = `55${randomUUID().replace(/\D/g, "").padEnd(8, "0").slice(0, 8)}`;
    const ip = `198.51.100.${randomUUID()}`;
    const states = await Promise.all(Array.from({ length: 30 }, (_, index) => limiters[index % 2]!.reserve({ action: "code", number, ip })));
    expect(states.filter((state) => state.allowed)).toHaveLength(LIMITS.perNumber.max);
    // The address counted the 10 reserved, not the 20 refused: another line from it gets 90 more.
    const others = await Promise.all(Array.from({ length: 95 }, (_, index) => limiters[index % 2]!.reserve({ action: "code", number: `${number}-${index}`, ip })));
    expect(others.filter((state) => state.allowed)).toHaveLength(LIMITS.perIp.max - LIMITS.perNumber.max);
  });
});

describe("publish and subscribe on Redis", () => {
  const numsub = async (channel: string) => {
    const admin = createClient({ url: inject("redisUrl") });
    await admin.connect();
    try {
      const counts = (await admin.pubSubNumSub(`bait:state:${channel}`)) as Record<string, number>;
      return Number(counts[`bait:state:${channel}`] ?? 0);
    } finally {
      await admin.close();
    }
  };

  it("subscribes once per channel on a connection of its own, leaves the channel with its last listener, and close ends it", async () => {
    const state = redisState(inject("redisUrl"));
    const channel = `test:channel:${randomUUID()}`;
    const heard: string[] = [];
    const stopOne = state.subscribe(channel, (message) => heard.push(`1:${message}`));
    const stopTwo = state.subscribe(channel, (message) => heard.push(`2:${message}`));
    await vi.waitFor(async () => expect(await numsub(channel)).toBe(1));
    // The state's own connection still runs commands (a subscribed one could not).
    await state.set(`test:${randomUUID()}`, "1", 1_000);
    await state.publish(channel, "x");
    await vi.waitFor(() => expect(heard.sort()).toEqual(["1:x", "2:x"]));

    stopOne();
    stopOne();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await numsub(channel)).toBe(1);
    stopTwo();
    await vi.waitFor(async () => expect(await numsub(channel)).toBe(0));

    state.subscribe(channel, () => undefined);
    await vi.waitFor(async () => expect(await numsub(channel)).toBe(1));
    await state.close();
    await vi.waitFor(async () => expect(await numsub(channel)).toBe(0));
  });

  it("a subscription asked for while Redis is down costs nothing and close still ends", async () => {
    const down = redisState("redis://127.0.0.1:1");
    const stop = down.subscribe("test:channel", () => undefined);
    await expect(down.publish("test:channel", "x")).rejects.toThrow();
    stop();
    await down.close();
  });
});

describe("while Redis is unreachable", () => {
  it("the limits let attempts through instead of failing the form (and log it)", async () => {
    const down = redisState("redis://127.0.0.1:1");
    opened.push(down);
    const limiter = createRateLimiter(down);
    const attempt = { action: "login" as const, number: "5512345678", ip: "203.0.113.1" };
    await expect(limiter.reserve(attempt)).resolves.toEqual({ allowed: true });
    await expect(limiter.forgive(attempt)).resolves.toBeUndefined();
    await expect(limiter.succeed(attempt)).resolves.toBeUndefined();
  });
});
