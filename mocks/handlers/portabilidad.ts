import type { RequestHandler } from "msw";

/** Handlers of the portabilidad upstream. */
export const portabilidad: RequestHandler[] = [];
