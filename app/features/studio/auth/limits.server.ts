import { createHash } from "node:crypto";
import { countRateLimited } from "~/lib/metrics.server";
import { sharedState, type SharedState } from "~/lib/store/store.server";

/**
 * The studio's sign-in limits (docs/studio.md "Accounts and roles"): attempts (a wrong password, an
 * email with no account, on the sign-in and on the confirmation alike) counted per email and per
 * client address with `sharedState.hit`, so every instance on one Redis holds one count. Each
 * attempt is reserved before its password is checked: the hit comes first, in one atomic step, and
 * an attempt that takes a count over its rule is refused (and given back), so a burst sent at once
 * gets no more checks than the rule allows. A wrong password keeps its reservation; a sign-in clears
 * its email's count and gives back its address's reservation (successes never count against an
 * address). Once an email or an address has used up its window, every attempt is refused, a right
 * password included, until the window ends.
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
    /**
     * Reserves an attempt against the email and the address, before the password is checked: refused
     * (and nothing kept) when either has used up its window.
     */
    async reserve(attempt: StudioAttempt): Promise<StudioLimitState> {
      const keys = keysOf(attempt);
      const windows = await Promise.all(keys.map(({ key, rule }) => state.hit(key, rule.windowMs)));
      const over = windows.filter((window, index) => window.count > keys[index]!.rule.max);
      if (over.length === 0) return { allowed: true };
      // A refused attempt counts nowhere: its hits go back.
      await Promise.all(keys.map(({ key }) => state.release(key)));
      const until = Math.max(...over.map((window) => window.resetAt));
      countRateLimited("studio-sign-in", windows[0]!.count > keys[0]!.rule.max ? "email" : "address");
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - clock()) / 1000)) };
    },
    /** A sign-in (a right password): clears its email's count and gives back its address's reservation. */
    async succeed({ email, ip }: StudioAttempt): Promise<void> {
      await Promise.all([state.clear(emailKey(email)), state.release(ipKey(ip))]);
    },
  };
}

export const studioLimits = createStudioLimits();
