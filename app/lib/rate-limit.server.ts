import { env } from "./env.server";
import { logger } from "./log.server";
import { countRateLimited } from "./metrics.server";
import { sharedState } from "./store/store.server";
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

/**
 * Failed logins and code checks: 10 per number and 100 per IP in 15 minutes. Each attempt is
 * reserved before the upstream is asked (`reserve`), so attempts sent at once cannot all be checked.
 */
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

/**
 * Sending a code (an SMS): recovery, registration, the SIM replacement. Every send counts, whatever
 * the upstream answers, and a success clears nothing: per number and per client address in an
 * hour, and one send per number every `spacingMs`. Counted in the shared state before the
 * upstream is called, in one atomic operation per rule (INCR, SET NX), so several instances on
 * one Redis enforce one limit.
 */
export type SendRules = { perNumber: LimitRule; perIp: LimitRule; spacingMs: number };
const HOUR = 60 * 60_000;
export const SEND_LIMITS: SendRules = {
  perNumber: { max: env.otpSends.perNumber, windowMs: HOUR },
  perIp: { max: env.otpSends.perIp, windowMs: HOUR },
  spacingMs: env.otpSends.resendSeconds * 1000,
};

/** A code to send: the flow, the number it is counted against (the line) and the client's address. */
export type SendAttempt = { action: "recovery" | "register" | "replacement" | "requestLink"; number: string; ip: string };
/**
 * `wait`: another code was sent to this number moments ago (`sameFlow`: by this same flow, so the
 * person already holds a code it accepts); `hourly`: the number or the address used up its hour.
 */
export type SendState =
  | { allowed: true }
  | { allowed: false; rule: "wait"; sameFlow: boolean; retryAfterSeconds: number }
  | { allowed: false; rule: "hourly"; retryAfterSeconds: number };

export function createRateLimiter(state: SharedState = sharedState, sendRules: SendRules = SEND_LIMITS, now: () => number = () => Date.now()) {
  const unreachable = (error: unknown) => logger("limits").error({ reason: error instanceof Error ? error.message : String(error) }, "el estado compartido no responde");
  return {
    /**
     * Reserves this attempt before the upstream is asked (a password, a code, a check): counted now
     * against the number and the address, in one atomic step each (`hit`), and refused (and given
     * back) when either is over its rule, so a burst sent at once gets no more upstream calls than
     * the rule allows. Then, once the upstream answered: a failure keeps its reservation (it is the
     * failure's count); `succeed` or `forgive` for an attempt that did not count.
     */
    async reserve(attempt: Attempt): Promise<LimitState> {
      const keys = keysOf(attempt);
      try {
        const windows = await Promise.all(keys.map(({ key, rule }) => state.hit(key, rule.windowMs)));
        const over = windows.filter((window, index) => window.count > keys[index]!.rule.max);
        if (over.length === 0) return { allowed: true };
        // A refused attempt counts nowhere: its hits go back.
        await Promise.all(keys.map(({ key }) => state.release(key)));
        const until = Math.max(...over.map((window) => window.resetAt));
        // The rule that refused (the line's when it is over, else the address's): a label, never the number.
        const byNumber = Boolean(attempt.number) && windows[0]!.count > keys[0]!.rule.max;
        countRateLimited(attempt.action, byNumber ? "number" : "address");
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now()) / 1000)) };
      } catch (error) {
        unreachable(error);
        return { allowed: true };
      }
    },
    /**
     * For a form where every request counts (it reaches the upstream whatever the outcome): whether
     * this one may go, counted at once when it may. The same as `reserve`, with nothing to give back.
     */
    async take(attempt: Attempt): Promise<LimitState> {
      return this.reserve(attempt);
    },
    /**
     * A reserved attempt that did not count after all (the upstream did not answer, or answered
     * something that is not a failure): given back to the number and the address.
     */
    async forgive(attempt: Attempt): Promise<void> {
      try {
        await Promise.all(keysOf(attempt).map(({ key }) => state.release(key)));
      } catch (error) {
        unreachable(error);
      }
    },
    /**
     * Whether a code may be sent now, counted at once when it may (call it just before asking the
     * upstream to send). The number and the address count every send in one window per rule
     * across every flow; a send refused for the hour is counted too, so a flood stays refused.
     */
    async send({ action, number, ip }: SendAttempt): Promise<SendState> {
      const waitKey = `send:wait:${number}`;
      try {
        const at = now();
        if (sendRules.spacingMs > 0 && !(await state.claim(waitKey, String(at + sendRules.spacingMs), sendRules.spacingMs))) {
          const until = Number(await state.get(waitKey));
          // Another send (perhaps on another instance, a millisecond later than this one's clock)
          // holds the wait: never announce more than the spacing itself.
          const seconds = secondsFrom(at, Number.isFinite(until) ? until : at);
          // Whether that code went out, and for this flow (`sent` below): the person holds one it accepts.
          const sameFlow = (await state.get(`send:sent:${number}`)) === action;
          countRateLimited(action, "wait");
          return { allowed: false, rule: "wait", sameFlow, retryAfterSeconds: Math.min(seconds, Math.ceil(sendRules.spacingMs / 1000)) };
        }
        // The address first: a client over its hour does not use up the numbers it names.
        for (const [key, rule] of [[`send:ip:${ip}`, sendRules.perIp], [`send:n:${number}`, sendRules.perNumber]] as const) {
          const window = await state.hit(key, rule.windowMs);
          if (window.count <= rule.max) continue;
          // The wait would only hide the hour: the next try hears when the hour ends.
          if (sendRules.spacingMs > 0) await state.clear(waitKey);
          countRateLimited(action, "hourly");
          return { allowed: false, rule: "hourly", retryAfterSeconds: secondsFrom(at, window.resetAt) };
        }
        return { allowed: true };
      } catch (error) {
        unreachable(error);
        return { allowed: true };
      }
    },
    /**
     * The upstream sent the code this flow asked for (call it after a send it accepted): within the
     * spacing, this flow's first step goes on to the code step instead of being refused.
     */
    async sent({ action, number }: Pick<SendAttempt, "action" | "number">): Promise<void> {
      if (sendRules.spacingMs <= 0) return;
      try {
        await state.set(`send:sent:${number}`, action, sendRules.spacingMs);
      } catch (error) {
        unreachable(error);
      }
    },
    /**
     * A reserved attempt that succeeded: clears the number's count (its earlier failures too) and
     * gives back the address's reservation; the address's earlier failures stay.
     */
    async succeed(attempt: Attempt): Promise<void> {
      const keys = keysOf(attempt);
      const address = keys.at(-1)!;
      try {
        await Promise.all([attempt.number ? state.clear(keys[0]!.key) : null, state.release(address.key)]);
      } catch (error) {
        unreachable(error);
      }
    },
  };
}

const secondsFrom = (at: number, until: number) => Math.max(1, Math.ceil((until - at) / 1000));

export const rateLimiter = createRateLimiter();

/** The catalogue message and its values for a refused attempt. */
export const tooManyAttempts = (state: Extract<LimitState, { allowed: false }>) => ({
  key: "auth:form.tooManyAttempts",
  values: { minutes: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) },
});

/**
 * A code this flow sent to the number moments ago, asked for again from its first step (another
 * tab, a browser closed and opened): nothing is sent, and the person goes on to the code step
 * with this notice ('Ya te enviamos un código; escríbelo abajo. Podrás pedir otro en 25
 * segundos.'), instead of being held on the first step with a valid code and nowhere to type it.
 */
export const codeAlreadySent = (state: SendState) =>
  !state.allowed && state.rule === "wait" && state.sameFlow ? { key: "auth:code.alreadySent", values: { count: state.retryAfterSeconds } } : null;

/** The catalogue message and its values for a refused code send ('Ya te enviamos un código…'). */
export const sendRefused = (state: Extract<SendState, { allowed: false }>) =>
  state.rule === "wait"
    ? { key: "auth:code.sendWait", values: { count: state.retryAfterSeconds } }
    : { key: "auth:code.sendLimit", values: { count: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) } };
