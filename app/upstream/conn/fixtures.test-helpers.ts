import type { UpstreamResult } from "../http.server";
import { login } from "./access.server";

/**
 * What the conn client's tests read results with, and Ana's line. Each test file starts the mock
 * upstream itself (mocks/test-support.ts `useMockUpstream`).
 */

export const api = "https://conn.upstream.mock/conn/page/api";
export const ANA = { profile: "mbb", number: "5512345678" } as const;

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
