import { LRUCache } from "lru-cache";

/**
 * A small cache for public upstream data (offers, destinations, FAQ, area codes): docs/upstream.md
 * › "Caching public data". lru-cache underneath; this module only says what the callers rely on.
 *
 * - A value is fresh for `ttlMs`; after that the next call loads it again.
 * - Concurrent calls for a key that is not fresh share one load (single flight): a crowd
 *   arriving at once makes one upstream call, not one each.
 * - A load that fails (`isFailure`, or a thrown error) does not replace the last good value: it
 *   is served stale for up to `staleMs` more, and the failure is returned only when there is
 *   nothing to serve.
 * - `ttlMs` 0 turns it into a pass-through (the mock world, where tests bend calls at will).
 */
export type CachedOptions<T> = {
  ttlMs: number;
  /** How long a value may be served after its time, while loads fail. */
  staleMs?: number;
  /** Which results are failures (an `UpstreamResult` with ok false); those are never kept. */
  isFailure?: (value: T) => boolean;
  /** At most this many keys; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
};

export type Cached<K, T> = {
  (key: K): Promise<T>;
  /** Forgets every key (tests, an operator's purge). */
  clear: () => void;
};

/** A load's failure on its way through lru-cache, which keeps the last value when a fetch rejects. */
class Failure<T> extends Error {
  constructor(readonly result: T) {
    super("load failed");
  }
}

export function cached<K extends string, T>(load: (key: K) => Promise<T>, options: CachedOptions<T>): Cached<K, T> {
  const { ttlMs, staleMs = 10 * 60_000, isFailure = () => false, maxEntries = 200, now = () => Date.now() } = options;
  // An entry lives for its time and the stale window; a call after its time refreshes it, and a
  // refresh that fails leaves it (and serves it) until the window ends.
  const values = new LRUCache<K, { value: T; at: number }>({
    max: maxEntries,
    ttl: ttlMs + staleMs,
    ttlResolution: 0,
    perf: { now },
    noDeleteOnFetchRejection: true,
    ignoreFetchAbort: true,
    fetchMethod: async (key) => {
      const value = await load(key);
      if (isFailure(value)) throw new Failure(value);
      return { value, at: now() };
    },
  });

  const get = (async (key: K) => {
    if (ttlMs <= 0) return load(key);
    const entry = values.get(key);
    try {
      const fetched = await values.fetch(key, { forceRefresh: entry !== undefined && now() - entry.at >= ttlMs });
      return fetched!.value;
    } catch (error) {
      // The refresh failed: the last good value if it is still within its window, else the failure.
      const kept = values.get(key);
      if (kept) return kept.value;
      if (error instanceof Failure) return error.result as T;
      throw error;
    }
  }) as Cached<K, T>;
  get.clear = () => values.clear();
  return get;
}
