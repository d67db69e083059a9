import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createRateLimiter, SEND_LIMITS, codeAlreadySent, sendRefused, type SendRules } from "./rate-limit.server";
import { memoryState, redisState, type SharedState } from "./store/shared-state.server";
import { translate } from "./i18n/i18n.server";

const MINUTE = 60_000;
const RULES: SendRules = { perNumber: { max: 5, windowMs: 60 * MINUTE }, perIp: { max: 30, windowMs: 60 * MINUTE }, spacingMs: 30_000 };

/** A limiter over this process's memory with a clock the test moves. */
function memoryLimiter(rules: SendRules = RULES) {
  let time = Date.parse("2026-01-15T10:00:00Z");
  const clock = () => time;
  const limiter = createRateLimiter(memoryState(clock), rules, clock);
  return { limiter, advance: (ms: number) => (time += ms) };
}

describe("the code send limits (memory store, a fake clock)", () => {
  it("are 5 an hour per number, 30 an hour per address and one send every 30 s per number by default", () => {
    expect(SEND_LIMITS).toEqual(RULES);
  });

  it("refuse a second send to a number within 30 s, saying how many seconds are left; then let one through", async () => {
    const { limiter, advance } = memoryLimiter();
    const send = { action: "recovery", number: "5512345678", ip: "203.0.113.1" } as const;
    expect(await limiter.send(send)).toEqual({ allowed: true });
    expect(await limiter.send(send)).toEqual({ allowed: false, rule: "wait", sameFlow: false, retryAfterSeconds: 30 });
    advance(12_000);
    // From another address and another flow too: the wait is the number's.
    expect(await limiter.send({ action: "register", number: "5512345678", ip: "198.51.100.7" })).toEqual({ allowed: false, rule: "wait", sameFlow: false, retryAfterSeconds: 18 });
    advance(18_000);
    expect(await limiter.send(send)).toEqual({ allowed: true });
  });

  it("never announce more than the 30 s wait when the send holding it came from an instance whose clock is ahead", async () => {
    const time = Date.parse("2026-01-15T10:00:00Z");
    const state = memoryState(() => time);
    const ahead = createRateLimiter(state, RULES, () => time + 7);
    const behind = createRateLimiter(state, RULES, () => time);
    const send = { action: "recovery", number: "5512340000", ip: "203.0.113.9" } as const;
    expect(await ahead.send(send)).toEqual({ allowed: true });
    expect(await behind.send(send)).toEqual({ allowed: false, rule: "wait", sameFlow: false, retryAfterSeconds: 30 });
  });

  it("count every send in the hour, successful or not: the sixth to a number is refused until the hour of the first ends", async () => {
    const { limiter, advance } = memoryLimiter();
    const succeed = { action: "recovery", number: "5545678901", ip: "203.0.113.2" } as const;
    for (let sent = 0; sent < 5; sent++) {
      expect(await limiter.send(succeed)).toEqual({ allowed: true });
      // What a successful send used to do: clear the number's count. It no longer touches the send counter.
      await limiter.succeed(succeed);
      advance(30_000);
    }
    const refused = await limiter.send({ ...succeed, ip: "198.51.100.9" });
    expect(refused).toEqual({ allowed: false, rule: "hourly", retryAfterSeconds: 60 * 60 - 5 * 30 });
    // Not the wait's message right after: the hour's, until the hour ends.
    expect(await limiter.send(succeed)).toMatchObject({ allowed: false, rule: "hourly" });
    advance(60 * MINUTE - 5 * 30_000);
    expect(await limiter.send(succeed)).toEqual({ allowed: true });
  });

  it("count sends per client address across numbers: the 31st in the hour is refused, and does not use up that number", async () => {
    const { limiter } = memoryLimiter();
    const ip = "203.0.113.3";
    for (let index = 0; index < 30; index++) expect(await limiter.send({ action: "recovery", number: `55000000${String(index).padStart(2, "0")}`, ip })).toEqual({ allowed: true });
    expect(await limiter.send({ action: "recovery", number: "5590000001", ip })).toMatchObject({ allowed: false, rule: "hourly", retryAfterSeconds: 3600 });
    expect(await limiter.send({ action: "recovery", number: "5590000001", ip: "198.51.100.10" })).toEqual({ allowed: true });
  });

  it("say when another code may be asked for, in Spanish", () => {
    expect(translate(sendRefused({ allowed: false, rule: "wait", sameFlow: false, retryAfterSeconds: 30 }).key, sendRefused({ allowed: false, rule: "wait", sameFlow: false, retryAfterSeconds: 30 }).values)).toBe(
      "Ya te enviamos un código. Podrás pedir otro en 30 segundos.",
    );
    const hourly = sendRefused({ allowed: false, rule: "hourly", retryAfterSeconds: 3000 });
    expect(translate(hourly.key, hourly.values)).toBe("Ya pediste todos los códigos que se pueden enviar en una hora. Podrás pedir otro en 50 minutos.");
    const oneMinute = sendRefused({ allowed: false, rule: "hourly", retryAfterSeconds: 42 });
    expect(translate(oneMinute.key, oneMinute.values)).toBe("Ya pediste todos los códigos que se pueden enviar en una hora. Podrás pedir otro en 1 minuto.");
  });

  it("a send refused for the wait says whether this same flow sent the code (the code step takes it) or another one did", async () => {
    const { limiter } = memoryLimiter();
    const ip = "203.0.113.9";
    expect(await limiter.send({ action: "recovery", number: "5512340000", ip })).toEqual({ allowed: true });
    // Until the upstream has sent it, the code is not one the person holds.
    expect(await limiter.send({ action: "recovery", number: "5512340000", ip })).toMatchObject({ allowed: false, rule: "wait", sameFlow: false });
    await limiter.sent({ action: "recovery", number: "5512340000" });
    const again = await limiter.send({ action: "recovery", number: "5512340000", ip });
    expect(again).toMatchObject({ allowed: false, rule: "wait", sameFlow: true });
    const notice = codeAlreadySent(again)!;
    expect(translate(notice.key, notice.values)).toMatch(/^Ya te enviamos un código; escríbelo abajo\. Podrás pedir otro en (30|29) segundos\.$/);
    // Another flow's code (a registration's) is not one the recovery accepts: the plain refusal.
    const other = await limiter.send({ action: "register", number: "5512340000", ip });
    expect(other).toMatchObject({ allowed: false, rule: "wait", sameFlow: false });
    expect(codeAlreadySent(other)).toBeNull();
    expect(codeAlreadySent({ allowed: true })).toBeNull();
  });

  it("let sends through while the shared state does not answer (and log it)", async () => {
    const broken: SharedState = { ...memoryState(), claim: () => Promise.reject(new Error("Redis no responde")), hit: () => Promise.reject(new Error("Redis no responde")) };
    expect(await createRateLimiter(broken, RULES).send({ action: "recovery", number: "5512345678", ip: "203.0.113.4" })).toEqual({ allowed: true });
  });
});

describe("the code send limits across two instances on one Redis", () => {
  const opened: SharedState[] = [];
  const instance = (rules: SendRules) => {
    const state = redisState(inject("redisUrl"));
    opened.push(state);
    return createRateLimiter(state, rules);
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((state) => state.close()));
  });
  // A number and an address of their own per run: the Redis server outlives a test.
  const fresh = () => ({ number: `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, ip: `test-${randomUUID()}` });

  it("let exactly one of many simultaneous sends to a number through, whichever instance each reaches", async () => {
    const [a, b] = [instance(RULES), instance(RULES)];
    const { number, ip } = fresh();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? a : b).send({ action: "recovery", number, ip: `${ip}-${index}` })));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.allowed).every((answer) => !answer.allowed && answer.rule === "wait" && answer.retryAfterSeconds === 30)).toBe(true);
  });

  it("let exactly the hourly limit through when sends arrive at both instances at once", async () => {
    // No wait between sends here, so that only the hourly count decides.
    const rules = { ...RULES, spacingMs: 0 };
    const [a, b] = [instance(rules), instance(rules)];
    const { number, ip } = fresh();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? a : b).send({ action: "register", number, ip })));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
    const refused = answers.filter((answer) => !answer.allowed);
    expect(refused).toHaveLength(7);
    expect(refused.every((answer) => !answer.allowed && answer.rule === "hourly" && answer.retryAfterSeconds > 3590)).toBe(true);
  });

  it("hold the per-address limit across both instances", async () => {
    const rules = { ...RULES, perIp: { max: 4, windowMs: 60 * MINUTE } };
    const [a, b] = [instance(rules), instance(rules)];
    const { ip } = fresh();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? a : b).send({ action: "recovery", number: fresh().number, ip })));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(4);
  });
});
