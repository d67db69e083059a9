import { delay, HttpResponse } from "msw";

/**
 * Mock-only switches, per call name ("core.profileCheck"), for tests and demos: added latency,
 * a forced HTTP status, or a malformed body. Set in-process (vitest) or through
 * POST /__mocks/switches (Playwright). Cleared by a reset.
 */
export type CallSwitch = { latencyMs?: number; status?: number; malformed?: boolean };

const switches = new Map<string, CallSwitch>();

export function setSwitch(call: string, value: CallSwitch) {
  switches.set(call, value);
}

export function clearSwitches() {
  switches.clear();
}

/** Applied first by every handler: null means "answer normally". */
export async function switched(call: string): Promise<Response | null> {
  const value = switches.get(call) ?? switches.get("*");
  if (!value) return null;
  if (value.latencyMs) await delay(value.latencyMs);
  if (value.status) return HttpResponse.json({ success: false, message: "Error forzado por el mock" }, { status: value.status });
  if (value.malformed) return new HttpResponse("{ esto no es JSON", { status: 200, headers: { "Content-Type": "application/json" } });
  return null;
}
