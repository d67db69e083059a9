import { delay, HttpResponse } from "msw";

/**
 * Mock-only switches, per call name ("core.profileCheck"), for tests and demos: added latency,
 * a hold until the test releases it, a forced HTTP status, a malformed body, or a JSON body of
 * the test's own (`body`: a document the upstream might send, such as a banner list its schema
 * refuses). Set in-process (vitest) or through POST /__mocks/switches (Playwright). Cleared by a
 * reset.
 *
 * `hold: true` keeps each call of that name waiting, received and undecided, until
 * `releaseHeld()` (POST /__mocks/release): a test that needs a call in flight (a charge while the
 * site is killed or deployed, a request while the server drains) waits for it to be held
 * (`heldCalls()`, GET /__mocks/held; for a charge also GET /__mocks/charges-in-flight), does what it
 * tests, and lets it go when it chooses, never after a guessed delay.
 */
export type CallSwitch = { latencyMs?: number; hold?: boolean; status?: number; malformed?: boolean; body?: unknown };

const switches = new Map<string, CallSwitch>();

/** The calls waiting on a hold, by switch name, and how to let them all go. */
const held = new Map<string, number>();
let gate = newGate();

function newGate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export function setSwitch(call: string, value: CallSwitch) {
  switches.set(call, value);
}

/** Lets every held call go on, and holds no later one: the `hold` of every switch is dropped (the rest of it stays). */
export function releaseHeld() {
  for (const [call, value] of switches) {
    if (!value.hold) continue;
    const { hold: _hold, ...rest } = value;
    switches.set(call, rest);
  }
  gate.open();
  gate = newGate();
}

/** How many calls a hold keeps waiting, by switch name (only names with one or more). */
export function heldCalls(): Record<string, number> {
  return Object.fromEntries(held);
}

export function clearSwitches() {
  // A reset never leaves a call waiting for a release that will not come.
  releaseHeld();
  switches.clear();
}

async function waitForRelease(name: string) {
  held.set(name, (held.get(name) ?? 0) + 1);
  try {
    await gate.opened;
  } finally {
    const left = (held.get(name) ?? 1) - 1;
    if (left > 0) held.set(name, left);
    else held.delete(name);
  }
}

/**
 * Applied first by every handler: null means "answer normally". A handler that knows the line it
 * answers for passes it as `line`, and a switch named "<call>:<line>" bends that line's calls only
 * (so a test can fail one line's page while the tests beside it use the same call).
 */
export async function switched(call: string, line?: string): Promise<Response | null> {
  const lineSwitch = line ? `${call}:${line}` : undefined;
  const name = lineSwitch && switches.has(lineSwitch) ? lineSwitch : switches.has(call) ? call : "*";
  const value = switches.get(name);
  if (!value) return null;
  if (value.hold) await waitForRelease(name);
  if (value.latencyMs) await delay(value.latencyMs);
  if (value.status) return HttpResponse.json({ success: false, message: "Error forzado por el mock" }, { status: value.status });
  if (value.malformed) return new HttpResponse("{ esto no es JSON", { status: 200, headers: { "Content-Type": "application/json" } });
  if (value.body !== undefined) return HttpResponse.json(value.body as object);
  return null;
}
