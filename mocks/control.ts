import { clearSwitches, setSwitch, type CallSwitch } from "./switches";
import { newToken, resetLines, resetWorld } from "./world";
import { resetJourney } from "./world-journey";
import { resetSales } from "./world-sales";
import { resetReplacements, resetSupport } from "./world-support";

/** What tests may do to the mock world from outside the process (POST /__mocks/*). */
export function reset() {
  resetWorld();
  resetJourney();
  resetSales();
  resetSupport();
  clearSwitches();
}

export function setSwitches(entries: Record<string, CallSwitch>) {
  for (const [call, value] of Object.entries(entries)) setSwitch(call, value);
}

/** Restores only these lines (see resetLines): safe while other tests run. */
export function resetSomeLines(numbers: unknown) {
  if (!Array.isArray(numbers)) return;
  const wanted = numbers.filter((entry): entry is string => typeof entry === "string");
  resetLines(wanted);
  resetReplacements(wanted);
}

/** A legacy access token for a registered line, as a login would hand out (tests that skip the form). */
export function mintSession(number: unknown): string | null {
  return typeof number === "string" && /^\d{10}$/.test(number) ? newToken(number) : null;
}
