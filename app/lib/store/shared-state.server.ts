import { EventEmitter } from "node:events";
import { createClient } from "@redis/client";
import { logger } from "../log.server";
import type { SharedState, Window } from "./types";

export type { SharedState, Window } from "./types";

type Listener = (message: string) => void;

/** Calls a listener with a message; what it throws is logged, never thrown at the publisher. */
function deliver(listener: Listener, channel: string, message: string) {
  try {
    listener(message);
  } catch (error) {
    logger("state").error({ err: error, channel }, "un suscriptor falló al recibir un mensaje");
  }
}

/**
 * Publish and subscribe inside this process, for the backends that are one instance by design
 * (`memoryState`, ./file-state.server.ts's `fileState`): a publish calls the listeners of its
 * channel at once, each on its own (one that throws does not stop the others).
 */
export function localPubSub(): Pick<SharedState, "publish" | "subscribe"> & { clear(): void } {
  const emitter = new EventEmitter();
  // Any number of listeners is expected (one per open page of the studio, say): no leak warning.
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, listener) {
      const wrapped = (message: string) => deliver(listener, channel, message);
      emitter.on(channel, wrapped);
      return () => {
        emitter.off(channel, wrapped);
      };
    },
    clear() {
      emitter.removeAllListeners();
    },
  };
}

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
  const channels = localPubSub();
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
    async release(key) {
      const entry = liveCounter(key);
      if (entry && entry.count > 0) entry.count -= 1;
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
    publish: channels.publish,
    subscribe: channels.subscribe,
    async ping() {
      return true;
    },
    async close() {
      channels.clear();
    },
    reset() {
      counters.clear();
      values.clear();
    },
  };
}

const NAMESPACE = "bait:state:";

/** A release on Redis: DECR only a counter that is there and above 0 (an expired one is not made again). */
const RELEASE_SCRIPT = "local n = tonumber(redis.call('GET', KEYS[1])) if n and n > 0 then return redis.call('DECR', KEYS[1]) end return 0";

/**
 * The same on Redis: a counter is INCR with PEXPIRE NX (the window starts with the first hit) in
 * one MULTI, and a release a Lua script (RELEASE_SCRIPT); a claim is SET NX PX; `keys` is a SCAN of `bait:state:<prefix>*`. Commands fail at
 * once while Redis is unreachable (no offline queue); each caller decides what that means for it.
 *
 * `publish` is PUBLISH on the channel `bait:state:<channel>`. `subscribe` goes through a connection
 * of its own (a subscribed connection runs no other command): `client.duplicate()`, opened on the
 * first subscribe, which subscribes once per channel however many listeners it has, unsubscribes
 * when the last one stops, resubscribes by itself after a reconnection, and is closed by `close`.
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

  // Subscriptions: the listeners of each channel, and the channels the subscriber connection is
  // subscribed to. Changes to the connection's subscriptions are made one at a time, in order.
  const listeners = new Map<string, Set<Listener>>();
  const subscribed = new Set<string>();
  // Its commands wait for the connection: a subscription asked for while Redis is down is made
  // once it is back (the publishing client keeps failing at once, as above).
  const duplicate = () => client.duplicate({ disableOfflineQueue: false });
  let subscriber: ReturnType<typeof duplicate> | null = null;
  let subscriberOpening: Promise<ReturnType<typeof duplicate>> | null = null;
  let subscriptions: Promise<void> = Promise.resolve();
  let closed = false;
  const openSubscriber = () =>
    (subscriberOpening ??= (async () => {
      const connection = duplicate();
      connection.on("error", (error: Error) => logger("state").error({ reason: error.message }, "redis (suscripciones)"));
      subscriber = connection;
      try {
        await connection.connect();
      } catch (error) {
        // Given up (a connection timeout): the next change of a subscription opens another.
        if (subscriber === connection) {
          subscriber = null;
          subscriberOpening = null;
        }
        if (connection.isOpen) connection.destroy();
        throw error;
      }
      return connection;
    })());
  /** Brings the connection's subscription to `channel` in line with its listeners. */
  const follow = (channel: string) => {
    subscriptions = subscriptions
      .then(async () => {
        if (closed) return;
        const wanted = listeners.has(channel);
        if (wanted === subscribed.has(channel)) return;
        const connection = await openSubscriber();
        if (wanted) {
          await connection.subscribe(name(channel), (message) => {
            for (const listener of listeners.get(channel) ?? []) deliver(listener, channel, message);
          });
          subscribed.add(channel);
        } else {
          await connection.unsubscribe(name(channel));
          subscribed.delete(channel);
        }
      })
      .catch((error: unknown) => {
        if (closed) return;
        logger("state").error({ err: error, channel }, "redis: no se pudo cambiar una suscripción");
        // Tried again in a second, until the subscription matches its listeners.
        setTimeout(() => follow(channel), 1_000).unref();
      });
  };

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
    async release(key) {
      await (await ready()).eval(RELEASE_SCRIPT, { keys: [name(key)] });
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
    async publish(channel, message) {
      await (await ready()).publish(name(channel), message);
    },
    subscribe(channel, listener) {
      if (closed) return () => {};
      let channelListeners = listeners.get(channel);
      if (!channelListeners) listeners.set(channel, (channelListeners = new Set()));
      // Its own entry, so that one function subscribed twice is two subscriptions.
      const entry: Listener = (message) => listener(message);
      channelListeners.add(entry);
      follow(channel);
      return () => {
        if (!channelListeners.delete(entry) || channelListeners.size > 0) return;
        listeners.delete(channel);
        follow(channel);
      };
    },
    async ping() {
      try {
        return (await (await ready()).ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      listeners.clear();
      if (subscriber) {
        const connection = subscriber;
        subscriber = null;
        subscriberOpening = null;
        subscribed.clear();
        if (connection.isReady) await connection.close().catch(() => connection.destroy());
        else if (connection.isOpen) connection.destroy();
      }
      if (client.isOpen) await client.close().catch(() => client.destroy());
      else if (connecting) client.destroy();
      connecting = null;
    },
  };
}
