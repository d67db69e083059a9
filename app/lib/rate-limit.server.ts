import { logger } from "./log.server";
import { sharedState } from "./store/state.server";
import type { SharedState } from "./store/shared-state.server";

/**
 * Attempt limits for the forms that reach the upstream (login, codes, recovery, checks, leads…),
 * per line number and per IP, so nobody can guess a password or a code by brute force through
 * us. The counts live in the shared state (./store/state.server.ts): Redis when `REDIS_URL` is
 * set, so a limit reached on one instance holds on all of them; memory otherwise.
 *
 * While Redis is unreachable the limits let attempts through (and say so in the log): a login
 * must keep working; the upstream keeps its own limits.
 */
export type LimitRule = { max: number; windowMs: number };

/** Failed logins and code checks: 10 per number and 100 per IP in 15 minutes. */
export const LIMITS = {
  perNumber: { max: 10, windowMs: 15 * 60_000 },
  perIp: { max: 100, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

export type Attempt = {
  action: "login" | "code" | "recovery" | "register" | "iccid" | "line" | "postal" | "portability" | "areaCode" | "imei" | "lead" | "invoice" | "profile" | "recurrence" | "esim";
  number?: string;
  ip: string;
};
export type LimitState = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A signed-in customer's own changes (their data, their recurrences, their invoices) are not a
 * guessing game: a roomier limit, still a ceiling on what one line or one IP can send upstream.
 */
const CUSTOMER_CHANGES = { perNumber: { max: 30, windowMs: 15 * 60_000 }, perIp: { max: 300, windowMs: 15 * 60_000 } } as const;
const RULES: Partial<Record<Attempt["action"], { perNumber: LimitRule; perIp: LimitRule }>> = {
  profile: CUSTOMER_CHANGES,
  recurrence: CUSTOMER_CHANGES,
  invoice: CUSTOMER_CHANGES,
  // A purchase attempt: the upstream limits purchases per e-mail; this caps what one number or IP can send.
  esim: CUSTOMER_CHANGES,
};

const keysOf = ({ action, number, ip }: Attempt) => {
  const rules = RULES[action] ?? LIMITS;
  return [...(number ? [{ key: `limit:${action}:n:${number}`, rule: rules.perNumber }] : []), { key: `limit:${action}:ip:${ip}`, rule: rules.perIp }];
};

export function createRateLimiter(state: SharedState = sharedState) {
  const unreachable = (error: unknown) => logger("limits").error({ reason: error instanceof Error ? error.message : String(error) }, "el estado compartido no responde");
  return {
    /** Whether another attempt may be made now; call before asking the upstream. */
    async check(attempt: Attempt): Promise<LimitState> {
      try {
        const now = Date.now();
        for (const { key, rule } of keysOf(attempt)) {
          const entry = await state.peek(key);
          if (entry && entry.count >= rule.max) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
        }
      } catch (error) {
        unreachable(error);
      }
      return { allowed: true };
    },
    /** Counts a failed attempt (a wrong password, a wrong code, a refused send). */
    async fail(attempt: Attempt): Promise<void> {
      try {
        await Promise.all(keysOf(attempt).map(({ key, rule }) => state.hit(key, rule.windowMs)));
      } catch (error) {
        unreachable(error);
      }
    },
    /**
     * For a form where every request counts (it reaches the upstream whatever the outcome): whether
     * this one may go, counted at once when it may.
     */
    async take(attempt: Attempt): Promise<LimitState> {
      const state = await this.check(attempt);
      if (state.allowed) await this.fail(attempt);
      return state;
    },
    /** A success clears the number's count (not the IP's). */
    async succeed(attempt: Attempt): Promise<void> {
      if (!attempt.number) return;
      try {
        await state.clear(`limit:${attempt.action}:n:${attempt.number}`);
      } catch (error) {
        unreachable(error);
      }
    },
  };
}

export const rateLimiter = createRateLimiter();

/** The catalogue message and its values for a refused attempt. */
export const tooManyAttempts = (state: Extract<LimitState, { allowed: false }>) => ({
  key: "auth:form.tooManyAttempts",
  values: { minutes: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) },
});
