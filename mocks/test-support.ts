import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished, vi } from "vitest";
import { env } from "~/lib/env.server";
import { logDestination } from "~/lib/log.server";
import { reset } from "./control";
import { mockServer } from "./node";

/**
 * For a vitest file that talks to the mock upstream: msw listening (an unmocked call fails the
 * test), a fresh demo world and no switches before each test, upstream logs kept quiet, and an
 * upstream timeout no mock answer comes near on a busy machine (2 s: with 100 ms, a lookup of the
 * demo world timed out once in a full run on two cores). A test of a timeout makes it short
 * itself (`shortUpstreamTimeout`), for that test only. Per-test overrides: `mockServer.use(...)`.
 */
export function useMockUpstream({ timeoutMs = 2_000 }: { timeoutMs?: number } = {}) {
  const realTimeout = env.upstreamTimeoutMs;
  beforeAll(() => {
    mockServer.listen({ onUnhandledFrame: "error" });
  });
  beforeEach(() => {
    env.upstreamTimeoutMs = timeoutMs;
    reset();
    vi.spyOn(logDestination, "write").mockImplementation(() => true);
  });
  afterEach(() => {
    mockServer.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => {
    mockServer.close();
    env.upstreamTimeoutMs = realTimeout;
  });
}

/**
 * For a test of an upstream timeout: 100 ms until the test ends (useMockUpstream puts its own back
 * before the next). The mock's answer in such a test is held longer (a switch's `latencyMs`, an
 * msw `delay`), so the timeout always wins.
 */
export function shortUpstreamTimeout(ms = 100) {
  env.upstreamTimeoutMs = ms;
}

/**
 * For a test of when something ends (a lock, a code): the clock stands still from here until the
 * test ends, and the demo world starts again at that moment (its seeded locks with it), so a lock
 * made or seeded now ends exactly an hour from `Date.now()`. Only Date stands still: timers, and so
 * the upstream's timeouts, run as ever.
 */
export function clockStandsStill(): number {
  vi.useFakeTimers({ toFake: ["Date"] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  reset();
  return Date.now();
}
