import type { RequestHandler } from "msw";

/** Handlers of the esim upstream. */
export const esim: RequestHandler[] = [];
