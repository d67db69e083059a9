import type { RequestHandler } from "msw";

/** Handlers of the core upstream. */
export const core: RequestHandler[] = [];
