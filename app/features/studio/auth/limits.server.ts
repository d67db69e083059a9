import { createHash } from "node:crypto";
import { sharedState, type SharedState } from "~/lib/store/store.server";

/**
 * The studio's sign-in limits (docs/studio.md "Accounts and roles"): failed attempts (a wrong password, an
 * email with no account, on the sign-in and on the confirmation alike) counted per email and per
 * client address with `sharedState.hit`, so every instance on one Redis holds one count. Once
 * an email or an address has used up its window, every attempt is refused, a right password
 * included, until the window ends; a sign-in clears its email's count (never the address's).
 *
 * Unlike the customers' limits (app/lib/rate-limit.server.ts) these do not let attempts through
 * while the shared state does not answer: the studio's sessions live there too, so nobody could
 * sign in anyway, and the error page says so.
 */
export type StudioLimitRule = { max: number; windowMs: number };

export const STUDIO_LIMITS = {
  perEmail: { max: 5, windowMs: 15 * 60_000 },
  perIp: { max: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, StudioLimitRule>;

export type StudioAttempt = { email: string; ip: string };
export type StudioLimitState = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** An email is counted under a hash of it: no address in plain text in Redis. */
const emailKey = (email: string) => `studio-limit:email:${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;
const ipKey = (ip: string) => `studio-limit:ip:${ip}`;

export function createStudioLimits(state: SharedState = sharedState, rules: { perEmail: StudioLimitRule; perIp: StudioLimitRule } = STUDIO_LIMITS, clock: () => number = () => Date.now()) {
  const keysOf = ({ email, ip }: StudioAttempt) => [
    { key: emailKey(email), rule: rules.perEmail },
    { key: ipKey(ip), rule: rules.perIp },
  ];
  return {
    /** Whether another attempt may be made now; ask before checking the password. */
    async check(attempt: StudioAttempt): Promise<StudioLimitState> {
      let until = 0;
      for (const { key, rule } of keysOf(attempt)) {
        const window = await state.peek(key);
        if (window && window.count >= rule.max) until = Math.max(until, window.resetAt);
      }
      return until === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - clock()) / 1000)) };
    },
    /** Counts a failed attempt against the email and the address. */
    async fail(attempt: StudioAttempt): Promise<void> {
      await Promise.all(keysOf(attempt).map(({ key, rule }) => state.hit(key, rule.windowMs)));
    },
    /** A sign-in clears its email's count. */
    async succeed({ email }: Pick<StudioAttempt, "email">): Promise<void> {
      await state.clear(emailKey(email));
    },
  };
}

export const studioLimits = createStudioLimits();
