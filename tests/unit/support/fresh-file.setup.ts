import { afterAll, vi } from "vitest";

/**
 * The `unit` project's files share their worker's module cache (vitest.config.ts): this setup runs
 * before each file and gives it what a worker of its own would. The app's and the mocks' modules
 * are evaluated again (the libraries in node_modules stay loaded: loading them once per worker is
 * the time saved); the state the app keeps on the process rather than on a module (so that
 * `npm run dev` keeps it across rebuilds) is dropped; and whatever the file changed in the
 * environment, the timers or the globals is put back when it ends.
 */

/** The process-wide state the app keeps under `Symbol.for("bait.…")` and that a file must not inherit. */
const PROCESS_STATE = ["bait.shared-state", "bait.payment-ledger", "bait.payment-sweep", "bait.file-state.open", "bait.live-config"];

const processGlobal = globalThis as Record<symbol, unknown>;
for (const name of PROCESS_STATE) {
  const key = Symbol.for(name);
  const follower = processGlobal[key] as { stop?: () => void } | undefined;
  if (name === "bait.live-config") follower?.stop?.();
  delete processGlobal[key];
}
vi.resetModules();

const env = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
