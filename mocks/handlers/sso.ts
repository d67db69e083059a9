import type { RequestHandler } from "msw";

/** Handlers of the sso upstream. */
export const sso: RequestHandler[] = [];
