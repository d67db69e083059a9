import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { backoffDelay, createOutbox, type DeliveryOutcome } from "./outbox.server";
import { quietLog } from "./log.test-helpers";
import { fileStore } from "./store/file.server";
import { redisStore } from "./store/redis.server";
import type { Store } from "./store/store.server";

type Lead = { n: number };

/** vi.waitFor's polling for what the delivery loop does on its own timers (no clock of ours): long enough for a busy machine. */
const POLL = { timeout: 20_000, interval: 5 };

/** A receiver that refuses while `down` and records what it accepted (with the ids it was given). */
function receiver() {
  const state = { down: false, attempts: [] as number[], accepted: [] as { item: Lead; id: string }[] };
  const deliver = async (item: Lead, id: string): Promise<DeliveryOutcome> => {
    state.attempts.push(Date.now());
    if (state.down) return "retry";
    state.accepted.push({ item, id });
    return "delivered";
  };
  return { state, deliver };
}

beforeEach(() => {
  // Refusals are logged on purpose; the tests read what was delivered instead.
  quietLog();
});

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Backend = { name: string; place: () => Promise<string>; open: (place: string) => Store };
const backends: Backend[] = [
  {
    name: "file (DATA_DIR)",
    place: async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "bait-outbox-"));
      dirs.push(dir);
      return dir;
    },
    open: (dir) => fileStore(dir),
  },
  {
    name: "Redis stream (a real redis-server)",
    place: async () => inject("redisUrl"),
    open: (url) => redisStore(url),
  },
];

describe("backoff", () => {
  it("doubles from the base after each failure in a row and stops at the maximum", () => {
    const backoff = { baseMs: 1_000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => backoffDelay(failures, backoff))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });
});

describe.each(backends)("the outbox on the $name backend", (backend) => {
  const fast = { backoff: { baseMs: 20, maxMs: 200 }, idleMs: 20 };

  it("answers only once the item is stored: another instance over the same store sees it pending", async () => {
    const place = await backend.place();
    const logName = `leads-${randomUUID()}`;
    const first = backend.open(place);
    const outbox = createOutbox<Lead>({ log: first.log(logName), deliver: receiver().deliver });
    const id = await outbox.add({ n: 1 });
    const second = backend.open(place);
    expect(await second.log(logName).pending()).toEqual([{ id, record: JSON.stringify({ n: 1 }) }]);
    await Promise.all([first.close(), second.close()]);
  });

  it("delivers the items in the order they were added, each once, with its id", async () => {
    const place = await backend.place();
    const store = backend.open(place);
    const log = store.log(`leads-${randomUUID()}`);
    const { state, deliver } = receiver();
    const outbox = createOutbox<Lead>({ log, deliver, ...fast });
    const ids = [await outbox.add({ n: 1 }), await outbox.add({ n: 2 }), await outbox.add({ n: 3 })];
    outbox.start();
    await vi.waitFor(() => expect(state.accepted).toHaveLength(3), POLL);
    await outbox.add({ n: 4 });
    await vi.waitFor(() => expect(state.accepted).toHaveLength(4), POLL);
    await outbox.stop();
    expect(state.accepted.map((entry) => entry.item.n)).toEqual([1, 2, 3, 4]);
    expect(state.accepted.slice(0, 3).map((entry) => entry.id)).toEqual(ids);
    expect(await log.pending()).toEqual([]);
    await store.close();
  });

  it("retries a refused item with exponential backoff, keeping the later ones behind it, until it is accepted", async () => {
    const store = backend.open(await backend.place());
    const log = store.log(`leads-${randomUUID()}`);
    const { state, deliver } = receiver();
    state.down = true;
    const outbox = createOutbox<Lead>({ log, deliver, ...fast });
    await outbox.add({ n: 1 });
    await outbox.add({ n: 2 });
    outbox.start();
    await vi.waitFor(() => expect(state.attempts).toHaveLength(4), POLL);
    state.down = false;
    await vi.waitFor(() => expect(state.accepted).toHaveLength(2), POLL);
    await outbox.stop();
    const gaps = state.attempts.slice(1, 4).map((at, index) => at - state.attempts[index]!);
    // 20, 40, 80 ms (timers fire late, never early).
    expect(gaps[0]).toBeGreaterThanOrEqual(19);
    expect(gaps[1]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeGreaterThanOrEqual(79);
    expect(state.accepted.map((entry) => entry.item.n)).toEqual([1, 2]);
    await store.close();
  });

  it("delivers exactly once across a restart: stopped mid-retry while the receiver refuses, started again after it recovers", async () => {
    const place = await backend.place();
    const logName = `leads-${randomUUID()}`;
    const { state, deliver } = receiver();
    state.down = true;

    const before = backend.open(place);
    const first = createOutbox<Lead>({ log: before.log(logName), deliver, ...fast });
    const id = await first.add({ n: 7 });
    first.start();
    await vi.waitFor(() => expect(state.attempts.length).toBeGreaterThanOrEqual(2), POLL);
    await first.stop();
    await before.close();
    expect(state.accepted).toEqual([]);

    state.down = false;
    const after = backend.open(place);
    const second = createOutbox<Lead>({ log: after.log(logName), deliver, ...fast });
    second.start();
    await vi.waitFor(() => expect(state.accepted).toHaveLength(1), POLL);
    await second.stop();
    await after.close();

    // A third start finds nothing left to send.
    const again = backend.open(place);
    const third = createOutbox<Lead>({ log: again.log(logName), deliver, ...fast });
    third.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await third.stop();
    await again.close();
    expect(state.accepted).toEqual([{ item: { n: 7 }, id }]);
  });

  it("drops an item the receiver refuses for good instead of blocking the ones behind it", async () => {
    const store = backend.open(await backend.place());
    const log = store.log(`leads-${randomUUID()}`);
    const delivered: number[] = [];
    const outbox = createOutbox<Lead>({ log, deliver: async (item) => (item.n === 1 ? "rejected" : (delivered.push(item.n), "delivered")), ...fast });
    await outbox.add({ n: 1 });
    await outbox.add({ n: 2 });
    outbox.start();
    await vi.waitFor(() => expect(delivered).toHaveLength(1), POLL);
    await outbox.stop();
    expect(delivered).toEqual([2]);
    expect(await log.pending()).toEqual([]);
    await store.close();
  });
});

describe("the file backend", () => {
  it("keeps only pending entries when it reopens, and skips a line cut short by a crash", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "bait-outbox-"));
    dirs.push(dir);
    const store = fileStore(dir);
    const log = store.log("leads");
    const delivered = await log.append("uno");
    const kept = await log.append("dos");
    await log.ack(delivered);
    await store.close();
    const { appendFile } = await import("node:fs/promises");
    await appendFile(path.join(dir, "leads.log"), '{"add":"cortado","rec');

    const reopened = fileStore(dir);
    expect(await reopened.log("leads").pending()).toEqual([{ id: kept, record: "dos" }]);
    const lines = (await readFile(path.join(dir, "leads.log"), "utf8")).trim().split("\n");
    expect(lines).toEqual([JSON.stringify({ add: kept, record: "dos" })]);
    await reopened.close();
  });
});
