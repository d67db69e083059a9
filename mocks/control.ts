import { resetAnalytics } from "./analytics";
import { clearSwitches, heldCalls, releaseHeld, setSwitch, type CallSwitch } from "./switches";
import { newToken, resetLines, resetWorld, world } from "./world";
import { journey, resetJourney } from "./world-journey";
import { resetSales, sales } from "./world-sales";
import { resetPortabilities, resetReplacements, resetSupport } from "./world-support";

/** What tests may do to the mock world from outside the process (POST /__mocks/*). */
export function reset() {
  resetWorld();
  resetJourney();
  resetSales();
  resetSupport();
  resetAnalytics();
  clearSwitches();
}

export function setSwitches(entries: Record<string, CallSwitch>) {
  for (const [call, value] of Object.entries(entries)) setSwitch(call, value);
}

/** Lets every call held by a `hold` switch go on (POST /__mocks/release); later calls are not held. */
export const release = () => releaseHeld();

/** The calls a `hold` switch keeps waiting (GET /__mocks/held): `{ count, calls: { "<switch>": n } }`. */
export function held() {
  const calls = heldCalls();
  return { count: Object.values(calls).reduce((sum, each) => sum + each, 0), calls };
}

/** Restores only these lines (see resetLines) and their portabilities: safe while other tests run. */
export function resetSomeLines(numbers: unknown) {
  if (!Array.isArray(numbers)) return;
  const wanted = numbers.filter((entry): entry is string => typeof entry === "string");
  resetLines(wanted);
  resetPortabilities(wanted);
  resetReplacements(wanted);
}

/** A legacy access token for a registered line, as a login would hand out (tests that skip the form). */
export function mintSession(number: unknown): string | null {
  return typeof number === "string" && /^\d{10}$/.test(number) ? newToken(number) : null;
}

/** The leads the mock upstream accepted (GET /__mocks/leads): what tests check a lead's delivery with. */
export const receivedLeads = () => journey.leads;

/** The charges the mock payments upstream made (GET /__mocks/charges): what tests count charges with. */
export const receivedCharges = () => sales.charges.map(({ orderId, approved, amount, saleUuid, phone, at }) => ({ orderId, approved, amount, saleUuid, phone, at }));

/** How many charges the mock payments upstream received and has not decided yet (GET /__mocks/charges-in-flight). */
export const chargesInFlight = () => sales.chargesInFlight.size;

/** How many codes (recovery, registration) the mock sent to a line (GET /__mocks/codes-sent?number=). */
export const codesSentTo = (number: string) => world.codesSent.get(number) ?? 0;
