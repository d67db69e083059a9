import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { env } from "~/lib/env.server";
import { logDestination } from "~/lib/log.server";
import { reset } from "./control";
import { mockServer } from "./node";

/**
 * For a vitest file that talks to the mock upstream: msw listening (an unmocked call fails the
 * test), a fresh demo world and no switches before each test, upstream logs kept quiet, and a
 * short upstream timeout so timeout tests are fast. Per-test overrides: `mockServer.use(...)`.
 */
export function useMockUpstream({ timeoutMs = 100 }: { timeoutMs?: number } = {}) {
  const realTimeout = env.upstreamTimeoutMs;
  beforeAll(() => {
    mockServer.listen({ onUnhandledFrame: "error" });
    env.upstreamTimeoutMs = timeoutMs;
  });
  beforeEach(() => {
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
