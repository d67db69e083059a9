import { afterAll, describe, expect, inject, it } from "vitest";
import { createSessionRecords } from "./session-records.server";
import { memoryState, redisState, type SharedState } from "./store/shared-state.server";

/**
 * The sessions' records (docs/accounts.md "Sessions") with a fake clock: the idle timeout (30 min),
 * the absolute one (12 h), the renewal's cost, and the end of every session of a line. On this
 * process's memory; the TTL on a real redis-server too.
 */
const MINUTE = 60_000;
const IDLE = 30 * MINUTE;
const MAX = 12 * 60 * MINUTE;

function setUp() {
  let now = Date.UTC(2026, 0, 15, 9, 0, 0);
  const clock = () => now;
  const state = memoryState(clock);
  let writes = 0;
  const counted: SharedState = { ...state, set: (...args) => ((writes += 1), state.set(...args)), claim: (...args) => ((writes += 1), state.claim(...args)) };
  const records = createSessionRecords({ state: counted, idleMs: IDLE, maxMs: MAX, clock });
  return { records, advance: (ms: number) => (now += ms), now: () => now, writes: () => writes };
}

const ana = (signedInAt: number) => ({ user: { number: "5512345678", name: "Ana" }, signedInAt, authAt: signedInAt });

describe("a session's record", () => {
  it("lives on while used within 30 minutes, and is gone after 30 minutes untouched", async () => {
    const { records, advance, now } = setUp();
    const id = await records.create(ana(now()));
    advance(29 * MINUTE);
    expect(await records.read(id)).toMatchObject({ user: { name: "Ana" } });
    advance(29 * MINUTE);
    expect(await records.read(id)).toMatchObject({ user: { name: "Ana" } });
    advance(30 * MINUTE);
    expect(await records.read(id)).toBeNull();
  });

  it("used every 20 minutes, still ends 12 hours after the sign-in", async () => {
    const { records, advance, now } = setUp();
    const id = await records.create(ana(now()));
    for (let elapsed = 0; elapsed < MAX - 20 * MINUTE; elapsed += 20 * MINUTE) {
      advance(20 * MINUTE);
      expect(await records.read(id), `after ${elapsed / MINUTE + 20} min`).not.toBeNull();
    }
    advance(20 * MINUTE);
    expect(await records.read(id)).toBeNull();
  });

  it("a commit keeps the record's absolute end: saving data does not start a new 12 hours", async () => {
    const { records, advance, now } = setUp();
    const id = await records.create(ana(now()));
    for (let hour = 0; hour < 12; hour += 1) {
      advance(20 * MINUTE);
      await records.update(id, { ...ana(now()), sale: hour });
      advance(20 * MINUTE);
      await records.update(id, { ...ana(now()), sale: hour });
      advance(20 * MINUTE);
      if (hour < 11) expect(await records.read(id)).not.toBeNull();
    }
    expect(await records.read(id)).toBeNull();
  });

  it("reading it is one write at most per minute, however many pages are seen", async () => {
    const { records, advance, now, writes } = setUp();
    const id = await records.create(ana(now()));
    const created = writes();
    for (let view = 0; view < 100; view += 1) {
      advance(1_000);
      await records.read(id);
    }
    // 100 seconds of page views: renewed once (after the first minute), not 100 times.
    expect(writes() - created).toBe(1);
  });

  it("a removed record (logout) is gone, and a commit does not bring it back", async () => {
    const { records, now } = setUp();
    const id = await records.create(ana(now()));
    await records.remove(id);
    expect(await records.read(id)).toBeNull();
    await records.update(id, ana(now()));
    expect(await records.read(id)).toBeNull();
  });

  it("ending the sessions of a line (a password change, a recovery) ends those signed in before, not the sign-ins after", async () => {
    const { records, advance, now } = setUp();
    const before = await records.create(ana(now()));
    const otherLine = await records.create({ user: { number: "5523456789" }, signedInAt: now() });
    const anonymous = await records.create({ sale: { offerId: "x" } });
    advance(MINUTE);
    await records.endSessionsOf(["5512345678", undefined]);
    advance(1);
    const after = await records.create(ana(now()));
    expect(await records.read(before)).toBeNull();
    expect(await records.read(after)).not.toBeNull();
    expect(await records.read(otherLine)).not.toBeNull();
    expect(await records.read(anonymous)).not.toBeNull();
  });

  it("a service number ends the hbb sessions signed in with it", async () => {
    const { records, advance, now } = setUp();
    const id = await records.create({ user: { number: "5587654321", serviceNumber: "5590000001" }, signedInAt: now() });
    advance(MINUTE);
    await records.endSessionsOf(["5590000001"]);
    expect(await records.read(id)).toBeNull();
  });

  it("an unknown or empty id opens nothing", async () => {
    const { records } = setUp();
    expect(await records.read("")).toBeNull();
    expect(await records.read("no-existe")).toBeNull();
  });
});

describe("on Redis", () => {
  const opened: SharedState[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()));
  });

  it("another instance reads the record, and Redis drops it after the idle timeout by itself", async () => {
    const [a, b] = [redisState(inject("redisUrl")), redisState(inject("redisUrl"))];
    opened.push(a, b);
    const one = createSessionRecords({ state: a, idleMs: 300, maxMs: MAX });
    const other = createSessionRecords({ state: b, idleMs: 300, maxMs: MAX });
    const id = await one.create(ana(Date.now()));
    expect(await other.read(id)).toMatchObject({ user: { name: "Ana" } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await b.get(`session:${id}`)).toBeNull();
    expect(await other.read(id)).toBeNull();
  });
});
