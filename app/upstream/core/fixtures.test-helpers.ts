import { quietLog } from "../../lib/log.test-helpers";
import type { UpstreamResult } from "../http.server";

/** What the core client's tests read results with. */

export const quiet = quietLog;
export function errorOf<T>(result: UpstreamResult<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error;
}
export function dataOf<T>(result: UpstreamResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.messageKey}`);
  return result.data;
}
