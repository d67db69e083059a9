/**
 * A small cache for public upstream data (offers, destinations, FAQ, area codes): docs/upstream.md
 * › "Caching public data".
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
  /** At most this many keys; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
};

export type Cached<K, T> = {
  (key: K): Promise<T>;
  /** Forgets every key (tests, an operator's purge). */
  clear: () => void;
};

export function cached<K extends string, T>(load: (key: K) => Promise<T>, options: CachedOptions<T>): Cached<K, T> {
  const { ttlMs, staleMs = 10 * 60_000, isFailure = () => false, maxEntries = 200, now = () => Date.now() } = options;
  const values = new Map<K, { value: T; at: number }>();
  const inFlight = new Map<K, Promise<T>>();

  async function refresh(key: K): Promise<T> {
    const previous = values.get(key);
    let result: T;
    try {
      result = await load(key);
    } catch (error) {
      if (previous && now() - previous.at <= ttlMs + staleMs) return previous.value;
      throw error;
    }
    if (isFailure(result)) {
      return previous && now() - previous.at <= ttlMs + staleMs ? previous.value : result;
    }
    values.delete(key);
    values.set(key, { value: result, at: now() });
    while (values.size > maxEntries) values.delete(values.keys().next().value as K);
    return result;
  }

  const get = ((key: K) => {
    if (ttlMs <= 0) return load(key);
    const entry = values.get(key);
    if (entry && now() - entry.at < ttlMs) return Promise.resolve(entry.value);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = refresh(key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }) as Cached<K, T>;
  get.clear = () => values.clear();
  return get;
}
