import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { mockServer } from "../../../mocks/node";
import { clearSwitches } from "../../../mocks/switches";
import { resetWorld } from "../../../mocks/world";
import { quietLog } from "../../lib/log.test-helpers";
import type { UpstreamResult } from "../http.server";
import { login } from "./access.server";

/** The conn client's tests: the mock upstream (a fresh world, no switches, quiet logs) and Ana's line. */

export const api = "https://conn.upstream.mock/conn/page/api";
export const ANA = { profile: "mbb", number: "5512345678" } as const;

/** For a test file of the conn client: msw listening (an unmocked call fails), a fresh world and no switches before each test. */
export function useConnUpstream() {
  beforeAll(() => mockServer.listen({ onUnhandledRequest: "error" }));
  beforeEach(() => {
    resetWorld();
    clearSwitches();
    quietLog();
  });
  afterEach(() => {
    mockServer.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => mockServer.close());
}

export function data<T>(result: UpstreamResult<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.messageKey}`);
  return result.data;
}
export function errorOf<T>(result: UpstreamResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result.error;
}

export async function signIn(number = "5512345678", password = "Bait2024!") {
  const outcome = data(await login({ profile: "mbb", number, password }));
  if (outcome.outcome !== "signedIn") throw new Error(`login refused: ${outcome.messageKey}`);
  return outcome;
}
