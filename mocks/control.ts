import { resetWorld } from "./world";
import { clearSwitches, setSwitch, type CallSwitch } from "./switches";

/** What tests may do to the mock world from outside the process (POST /__mocks/*). */
export function reset() {
  resetWorld();
  clearSwitches();
}

export function setSwitches(entries: Record<string, CallSwitch>) {
  for (const [call, value] of Object.entries(entries)) setSwitch(call, value);
}
