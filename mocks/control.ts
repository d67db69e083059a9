import { clearSwitches, setSwitch, type CallSwitch } from "./switches";
import { resetWorld } from "./world";
import { resetJourney } from "./world-journey";
import { resetSales } from "./world-sales";
import { resetSupport } from "./world-support";

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
