import type { RequestHandler } from "msw";

/** Handlers of the updCard upstream. */
export const updCard: RequestHandler[] = [];
