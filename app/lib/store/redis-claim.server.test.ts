import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { consumerName, redisStore } from "./redis.server";
import type { Store } from "./store.server";

/**
 * Several instances on one Redis (a real redis-server, tests/unit/redis-server.global-setup.ts):
 * each reads the log as a consumer of its own; what an instance took and left unacknowledged
 * goes to another once it has waited long enough (that instance is gone).
 */
const opened: Store[] = [];
const open = (consumer: string, claimAfterMs = 60_000) => {
  const store = redisStore(inject("redisUrl"), { consumer, claimAfterMs });
  opened.push(store);
  return store;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe("the Redis log across instances", () => {
  it("gives each new entry to one instance only", async () => {
    const name = `claims-${randomUUID()}`;
    const a = open("instance-a").log(name);
    const b = open("instance-b").log(name);
    await a.append("uno");
    expect((await a.pending()).map((entry) => entry.record)).toEqual(["uno"]);
    expect(await b.pending()).toEqual([]);
    await b.append("dos");
    expect((await b.pending()).map((entry) => entry.record)).toEqual(["dos"]);
    // A's own unacknowledged entry stays A's; the new one went to B.
    expect((await a.pending()).map((entry) => entry.record)).toEqual(["uno"]);
  });

  it("an entry an instance took and never acknowledged goes to another once it has waited long enough, and is handled once", async () => {
    const name = `claims-${randomUUID()}`;
    const gone = open("instance-gone").log(name);
    const id = await gone.append("lead");
    expect((await gone.pending()).map((entry) => entry.id)).toEqual([id]);

    const survivor = open("instance-survivor", 200).log(name);
    expect(await survivor.pending()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await survivor.pending()).toEqual([{ id, record: "lead" }]);
    await survivor.ack(id);
    expect(await survivor.pending()).toEqual([]);
    expect(await gone.pending()).toEqual([]);
  });

  it("a restarted instance (the same consumer name) finds its own entries at once, in the order they were appended", async () => {
    const name = `claims-${randomUUID()}`;
    const before = open("instance-a").log(name);
    const first = await before.append("uno");
    const second = await before.append("dos");
    await before.pending();
    const after = open("instance-a").log(name);
    expect((await after.pending()).map((entry) => entry.id)).toEqual([first, second]);
  });

  it("names this instance by INSTANCE_ID, or by its host and cluster worker", () => {
    const previous = process.env.INSTANCE_ID;
    try {
      process.env.INSTANCE_ID = "web-7";
      expect(consumerName()).toBe("web-7");
      delete process.env.INSTANCE_ID;
      expect(consumerName()).toMatch(/^.+-0$/);
    } finally {
      if (previous === undefined) delete process.env.INSTANCE_ID;
      else process.env.INSTANCE_ID = previous;
    }
  });
});
