import { env } from "../env.server";
import { memoryState, redisState, type SharedState } from "./shared-state.server";

// Kept on the process, not the module: `npm run dev` loads each rebuild of the app into the same
// process, and a rebuild must not forget the sessions, limits and records of the one before it.
const PROCESS_KEY = Symbol.for("bait.shared-state");
const processGlobal = globalThis as typeof globalThis & { [PROCESS_KEY]?: SharedState };

/** This deployment's shared state: Redis when `REDIS_URL` is set, this process's memory otherwise. */
export const sharedState: SharedState = (processGlobal[PROCESS_KEY] ??= env.redisUrl ? redisState(env.redisUrl) : memoryState());
