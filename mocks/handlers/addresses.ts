import type { RequestHandler } from "msw";

/** Handlers of the addresses upstream. */
export const addresses: RequestHandler[] = [];
