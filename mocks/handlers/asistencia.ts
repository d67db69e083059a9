import type { RequestHandler } from "msw";

/** Handlers of the asistencia upstream. */
export const asistencia: RequestHandler[] = [];
