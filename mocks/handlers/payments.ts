import type { RequestHandler } from "msw";

/** Handlers of the payments upstream. */
export const payments: RequestHandler[] = [];
