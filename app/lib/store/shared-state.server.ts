import { createClient } from "@redis/client";
import { logger } from "../log.server";
import type { SharedState, Window } from "./types";

export type { SharedState, Window } from "./types";

/** The shared state in this process's memory (one instance), with `reset` for tests. */
export function memoryState(clock: () => number = () => Date.now()): SharedState & { reset(): void } {
  const counters = new Map<string, Window>();
  const values = new Map<string, { value: string; until: number }>();
  const liveCounter = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt > clock()) return entry;
    counters.delete(key);
    return null;
  };
  const liveValue = (key: string) => {
    const entry = values.get(key);
    if (entry && entry.until > clock()) return entry.value;
    values.delete(key);
    return null;
  };
  // Old entries go when a map grows: a flood of distinct keys cannot exhaust memory.
  const prune = () => {
    if (counters.size > 50_000) for (const [key] of counters) liveCounter(key);
    if (values.size > 50_000) for (const [key] of values) liveValue(key);
  };
  return {
    async hit(key, windowMs) {
      const entry = liveCounter(key) ?? { count: 0, resetAt: clock() + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      prune();
      return { ...entry };
    },
    async peek(key) {
      const entry = liveCounter(key);
      return entry ? { ...entry } : null;
    },
    async clear(key) {
      counters.delete(key);
      values.delete(key);
    },
    async claim(key, value, ttlMs) {
      if (liveValue(key) !== null) return false;
      values.set(key, { value, until: clock() + ttlMs });
      prune();
      return true;
    },
    async get(key) {
      return liveValue(key);
    },
    async set(key, value, ttlMs) {
      values.set(key, { value, until: clock() + ttlMs });
      prune();
    },
    async keys(prefix) {
      const found: string[] = [];
      for (const [key] of values) if (key.startsWith(prefix) && liveValue(key) !== null) found.push(key);
      return found;
    },
    async ping() {
      return true;
    },
    async close() {},
    reset() {
      counters.clear();
      values.clear();
    },
  };
}

const NAMESPACE = "bait:state:";

/**
 * The same on Redis: a counter is INCR with PEXPIRE NX (the window starts with the first hit) in
 * one MULTI; a claim is SET NX PX; `keys` is a SCAN of `bait:state:<prefix>*`. Commands fail at
 * once while Redis is unreachable (no offline queue); each caller decides what that means for it.
 */
export function redisState(url: string): SharedState {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on("error", (error: Error) => logger("state").error({ reason: error.message }, "redis"));
  let connecting: Promise<unknown> | null = null;
  // Connected, or connected within a second; otherwise the command fails at once while the
  // client keeps reconnecting by itself: nobody waits on a Redis that is down.
  const ready = async () => {
    if (client.isReady) return client;
    connecting ??= client.connect().catch(() => {
      connecting = null;
    });
    await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    if (!client.isReady) throw new Error("Redis no responde");
    return client;
  };
  const name = (key: string) => `${NAMESPACE}${key}`;
  const windowOf = (count: number, ttl: number): Window => ({ count, resetAt: Date.now() + Math.max(ttl, 0) });
  return {
    async hit(key, windowMs) {
      const redis = await ready();
      const [count, , ttl] = (await redis.multi().incr(name(key)).pExpire(name(key), windowMs, "NX").pTTL(name(key)).exec()) as unknown as [number, number, number];
      return windowOf(Number(count), Number(ttl));
    },
    async peek(key) {
      const redis = await ready();
      const [count, ttl] = (await redis.multi().get(name(key)).pTTL(name(key)).exec()) as unknown as [string | null, number];
      return count === null ? null : windowOf(Number(count), Number(ttl));
    },
    async clear(key) {
      await (await ready()).del(name(key));
    },
    async claim(key, value, ttlMs) {
      return (await (await ready()).set(name(key), value, { condition: "NX", expiration: { type: "PX", value: ttlMs } })) === "OK";
    },
    async get(key) {
      const found = await (await ready()).get(name(key));
      return typeof found === "string" ? found : null;
    },
    async set(key, value, ttlMs) {
      await (await ready()).set(name(key), value, { expiration: { type: "PX", value: ttlMs } });
    },
    async keys(prefix) {
      const redis = await ready();
      // The prefix is matched literally: its glob characters are escaped. SCAN may list a key twice.
      const found = new Set<string>();
      for await (const batch of redis.scanIterator({ MATCH: `${name(prefix.replace(/[*?[\]\\]/g, "\\$&"))}*`, COUNT: 500 })) {
        for (const key of batch) found.add(String(key).slice(NAMESPACE.length));
      }
      return [...found];
    },
    async ping() {
      try {
        return (await (await ready()).ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async close() {
      if (client.isOpen) await client.close().catch(() => client.destroy());
      else if (connecting) client.destroy();
      connecting = null;
    },
  };
}
