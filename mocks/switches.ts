import { delay, HttpResponse } from "msw";

/**
 * Mock-only switches, per call name ("core.profileCheck"), for tests and demos: added latency,
 * a forced HTTP status, a malformed body, or a JSON body of the test's own (`body`: a document
 * the upstream might send, such as a banner list its schema refuses). Set in-process (vitest) or
 * through POST /__mocks/switches (Playwright). Cleared by a reset.
 */
export type CallSwitch = { latencyMs?: number; status?: number; malformed?: boolean; body?: unknown };

const switches = new Map<string, CallSwitch>();

export function setSwitch(call: string, value: CallSwitch) {
  switches.set(call, value);
}

export function clearSwitches() {
  switches.clear();
}

/**
 * Applied first by every handler: null means "answer normally". A handler that knows the line it
 * answers for passes it as `line`, and a switch named "<call>:<line>" bends that line's calls only
 * (so a test can fail one line's page while the tests beside it use the same call).
 */
export async function switched(call: string, line?: string): Promise<Response | null> {
  const value = (line ? switches.get(`${call}:${line}`) : undefined) ?? switches.get(call) ?? switches.get("*");
  if (!value) return null;
  if (value.latencyMs) await delay(value.latencyMs);
  if (value.status) return HttpResponse.json({ success: false, message: "Error forzado por el mock" }, { status: value.status });
  if (value.malformed) return new HttpResponse("{ esto no es JSON", { status: 200, headers: { "Content-Type": "application/json" } });
  if (value.body !== undefined) return HttpResponse.json(value.body as object);
  return null;
}
