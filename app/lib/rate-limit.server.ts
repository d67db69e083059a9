/**
 * Attempt limits for the account forms (login, codes, recovery), per line number and per IP,
 * so nobody can guess a password or a code by brute force through us. Kept in this process's
 * memory: enough for one instance; several instances need a shared store (Redis), which only
 * has to implement `AttemptStore`.
 */
export type AttemptStore = {
  /** Adds one attempt to `key` and answers how many the window holds and when it ends. */
  hit(key: string, windowMs: number, now: number): { count: number; resetAt: number };
  count(key: string, now: number): { count: number; resetAt: number } | null;
  clear(key: string): void;
};

export function memoryStore(): AttemptStore & { reset(): void } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now) return entry;
    windows.delete(key);
    return null;
  };
  return {
    hit(key, windowMs, now) {
      const entry = live(key, now) ?? { count: 0, resetAt: now + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      // Old windows go when the map grows: a flood of distinct keys cannot exhaust memory.
      if (windows.size > 50_000) for (const [other] of windows) if (!live(other, now)) windows.delete(other);
      return entry;
    },
    count: live,
    clear: (key) => void windows.delete(key),
    reset: () => windows.clear(),
  };
}

export type LimitRule = { max: number; windowMs: number };

/** Failed logins and code checks: 10 per number and 100 per IP in 15 minutes. */
export const LIMITS = {
  perNumber: { max: 10, windowMs: 15 * 60_000 },
  perIp: { max: 100, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

export type Attempt = { action: "login" | "code" | "recovery" | "register" | "iccid" | "line" | "postal" | "portability" | "areaCode" | "imei" | "lead"; number?: string; ip: string };
export type LimitState = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const keysOf = ({ action, number, ip }: Attempt) => [
  ...(number ? [{ key: `${action}:n:${number}`, rule: LIMITS.perNumber }] : []),
  { key: `${action}:ip:${ip}`, rule: LIMITS.perIp },
];

export function createRateLimiter(store: AttemptStore = memoryStore(), clock: () => number = Date.now) {
  return {
    /** Whether another attempt may be made now; call before asking the upstream. */
    check(attempt: Attempt): LimitState {
      const now = clock();
      for (const { key, rule } of keysOf(attempt)) {
        const entry = store.count(key, now);
        if (entry && entry.count >= rule.max) return { allowed: false, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
      }
      return { allowed: true };
    },
    /** Counts a failed attempt (a wrong password, a wrong code, a refused send). */
    fail(attempt: Attempt): void {
      const now = clock();
      for (const { key, rule } of keysOf(attempt)) store.hit(key, rule.windowMs, now);
    },
    /** A success clears the number's count (not the IP's). */
    succeed(attempt: Attempt): void {
      if (attempt.number) store.clear(`${attempt.action}:n:${attempt.number}`);
    },
  };
}

export const rateLimiter = createRateLimiter();

/** The catalogue message and its values for a refused attempt. */
export const tooManyAttempts = (state: Extract<LimitState, { allowed: false }>) => ({
  key: "auth:form.tooManyAttempts",
  values: { minutes: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) },
});
