import { env } from "../env.server";
import { memoryState, redisState, type SharedState } from "./shared-state.server";

/** This deployment's shared state: Redis when `REDIS_URL` is set, this process's memory otherwise. */
export const sharedState: SharedState = env.redisUrl ? redisState(env.redisUrl) : memoryState();
